import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getProfitReport, pathOf, type ProfitReportRow, type ReportPeriod } from '@bo/contract';
import { useCanOpen, useSessionUser } from '../../lib/session';
import { useListPage } from '../../ui/list/use-list-page';
import { profitReportColumns, type ProfitOpens } from './profit-columns';
import { periodScope } from './profit-lists';
import { ReportView } from '../../ui/report/report-view';

/**
 * /profit-report: per reseller (admin) or merchant (reseller), a row links to its details; an
 * admin also finds the figures per gateway.
 */
export default function ProfitReportPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  const list = useListPage(getProfitReport);
  const period = list.answer?.period as ReportPeriod | undefined;
  const canOpen = useCanOpen();
  // A row's pay-in and pay-out figures open its reseller's (admin) or merchant's (reseller)
  // successful rows of the period; the row of merchants without a reseller opens none.
  const opens = useMemo<ProfitOpens<ProfitReportRow> | undefined>(
    () =>
      period && {
        canOpen,
        scopeOf: (row) =>
          row.account_id
            ? {
                ...periodScope(period),
                owner: isAdmin
                  ? { resellerDbCode: row.account_db_code }
                  : { merchantDbCode: row.account_db_code },
              }
            : null,
      },
    [period, isAdmin, canOpen],
  );
  const columns = useMemo(() => profitReportColumns(t, isAdmin, opens), [t, isAdmin, opens]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="profit-report"
      hint={t('reportProfit.profitHint')}
      lead={
        isAdmin && (
          <Link
            to={pathOf('gatewayProfitReport')}
            className="small d-inline-block mb-2 report-no-print"
            data-testid="profit-by-gateway-link"
          >
            <i className="bi bi-diagram-3 me-1" aria-hidden />
            {t('reportProfit.byGateway')}
          </Link>
        )
      }
    />
  );
}
