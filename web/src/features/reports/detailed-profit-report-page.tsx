import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  getDetailedProfitReport,
  pathOf,
  type DetailedProfitRow,
  type ReportPeriod,
} from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { useCanOpen, useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { useListPage } from '../../ui/list/use-list-page';
import { detailedProfitColumns, type ProfitOpens } from './profit-columns';
import { ReportView } from '../../ui/report/report-view';
import { BackToProfitReport } from './back-to-profit-report';
import { ChoicePicker, type PickerOption } from '../../ui/choice-picker';
import { merchantOptions, resellerOptions, useLedgerContracts } from './ledger-pickers';
import { NEWEST_DAY_FIRST } from './report-day-order';

/** An account's id (a UUID); the menu's `all` or an account code is not one. */
const isAccountId = (id: string) => /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id);

/** The report of one reseller or merchant, by its id. */
function DetailedProfitReport({ id }: { id: string }) {
  const { t } = useTranslation();
  const list = useListPage(getDetailedProfitReport, {
    fixed: { id },
    defaultSort: NEWEST_DAY_FIRST,
  });
  const isAdmin = useSessionUser()?.account_type === 'admin';
  const period = list.answer?.period as ReportPeriod | undefined;
  const canOpen = useCanOpen();
  // A row is one day, merchant and gateway: its figures open those rows. The day's row of what
  // no gateway moved opens its settlements; a totals row opens none.
  const opens = useMemo<ProfitOpens<DetailedProfitRow> | undefined>(
    () =>
      period && {
        canOpen,
        scopeOf: (row) =>
          row.day && row.merchant_db_code
            ? {
                days: { from: row.day, to: row.day },
                zone: period.time_zone,
                owner: { merchantDbCode: row.merchant_db_code },
                gatewayCode: row.gateway_code || null,
                ownAccount: row.merchant_id === id,
              }
            : null,
      },
    [period, canOpen, id],
  );
  const columns = useMemo(() => detailedProfitColumns(t, isAdmin, opens), [t, isAdmin, opens]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="detailed-profit-report"
      hint={t('reportProfit.profitHint')}
      lead={<BackToProfitReport />}
    />
  );
}

/**
 * The menu's way in (`all` for an admin, the reseller's own code): asks which reseller
 * (admin) or merchant to show first, then opens its report.
 */
function ChooseAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = useLedgerContracts();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  const options: PickerOption[] | undefined = choices && [
    ...(isAdmin ? resellerOptions(choices) : []).map((o) => ({
      value: o.value,
      label: `${t('page.pickerReseller')}: ${o.label}`,
    })),
    ...merchantOptions(choices).map((o) => ({
      value: o.value,
      label: `${t('page.pickerMerchant')}: ${o.label}`,
    })),
  ];
  return (
    <>
      <RouteTitle />
      <p className="text-muted" data-testid="choose-account-lead">
        {t('page.chooseAccountLead')}
      </p>
      <ChoicePicker
        label={t(isAdmin ? 'page.pickerResellerOrMerchant' : 'page.pickerMerchant')}
        options={options}
        value={undefined}
        placeholder={t('page.pickerPlaceholder')}
        onChange={(next) => void navigate(pathOf('detailedProfitReport', { id: next }))}
        testId="choose-account"
      />
    </>
  );
}

/**
 * /profit-report/{id}/detailed-profit-report: one reseller or merchant per day × merchant ×
 * gateway; without an account id (the menu's link) it first asks which one.
 */
export default function DetailedProfitReportPage() {
  const id = useCurrentRoute().params.id ?? '';
  return isAccountId(id) ? <DetailedProfitReport key={id} id={id} /> : <ChooseAccount />;
}
