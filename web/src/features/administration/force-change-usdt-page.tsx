import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  getUsdtRateHistory,
  type TimezoneChoice,
  type UsdtRateChangeRow,
  type UsdtRateRow,
} from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import type { en } from '../../i18n/locales/en';
import { SettingsCard } from '../../ui/settings-card';
import { Spinner } from '../../ui/spinner';
import { formatInTimeZone } from '../../lib/time-zone';
import { refreshUsdtRateHistory } from './api/get-usdt-rate-history';
import { refreshUsdtRates, usdtRatesQuery } from './api/get-usdt-rates';
import { refreshSettingViews } from '../../ui/money/api/get-pending-setting-changes';
import { UsdtRateForm, type RateDraft } from './usdt-rate-form';
import type { UsdtRateChangeAnswer } from './api/change-usdt-rate';
import { PendingRateNotice } from './pending-rate-notice';
import { TableScroll } from '../../ui/list/table-scroll';

const EMPTY_DRAFT: RateDraft = { currency: '', rate: '', reason: '' };

const rateText = (rate: string | null) => <bdi className="font-monospace">{rate ?? '—'}</bdi>;

function historyColumns(t: TFunction): ListColumn<UsdtRateChangeRow>[] {
  const c = (key: keyof typeof en.administration.usdt.columns) =>
    t(`administration.usdt.columns.${key}`);
  return [
    dateColumn<UsdtRateChangeRow>('created_at', c('changedAt'), (r) => r.created_at),
    column<UsdtRateChangeRow>('currency', c('currency'), (r) => r.currency),
    column<UsdtRateChangeRow>(
      'previous_rate',
      c('previousRate'),
      (r) => rateText(r.previous_rate),
      {
        headerClassName: 'text-end',
        cellClassName: 'text-end',
      },
    ),
    column<UsdtRateChangeRow>('rate', c('newRate'), (r) => rateText(r.rate), {
      headerClassName: 'text-end',
      cellClassName: 'text-end fw-semibold',
    }),
    column<UsdtRateChangeRow>('changed_by', c('changedBy'), (r) => <bdi>{r.changed_by}</bdi>),
    column<UsdtRateChangeRow>('reason', c('reason'), (r) => r.reason, {
      cellClassName: 'text-break',
    }),
  ];
}

/** The rates in force, each with a button that fills the form in for its currency. */
function CurrentRates({
  rates,
  timeZone,
  onChange,
}: {
  rates: readonly UsdtRateRow[];
  timeZone: TimezoneChoice;
  onChange: (currency: string) => void;
}) {
  const { t } = useTranslation();
  if (!rates.length) return <p className="text-muted mb-0">{t('administration.usdt.none')}</p>;
  return (
    <TableScroll label={t('administration.usdt.currentTitle')}>
      <table className="table table-sm align-middle mb-0" data-testid="usdt-rates">
        <thead>
          <tr>
            <th scope="col">{t('administration.usdt.columns.currency')}</th>
            <th scope="col" className="text-end">
              {t('administration.usdt.columns.rate')}
            </th>
            <th scope="col">{t('administration.usdt.columns.updatedAt')}</th>
            <th scope="col">{t('administration.usdt.columns.updatedBy')}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.currency} data-testid={`usdt-rate-${r.currency}`}>
              <td className="fw-medium">{r.currency}</td>
              <td className="text-end" data-testid="usdt-rate-current">
                {rateText(r.rate)}
              </td>
              <td className="text-nowrap small">
                <bdi>{formatInTimeZone(new Date(r.updated_at), timeZone)}</bdi>
              </td>
              <td className="small">
                {r.updated_by ? (
                  <bdi title={r.reason ?? undefined}>{r.updated_by}</bdi>
                ) : (
                  <span className="text-muted">{t('administration.usdt.system')}</span>
                )}
              </td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={() => onChange(r.currency)}
                  data-testid="usdt-rate-change"
                >
                  {t('administration.usdt.change')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * /force-change-usdt: the USDT rate of each fiat currency (what a settlement to the USDT wallet
 * records when it is requested), a confirmed change with a reason, and the history of changes
 * with who and when (filters and export from the list kit).
 */
export default function ForceChangeUsdtPage() {
  const { t } = useTranslation();
  const rates = useQuery(usdtRatesQuery());
  const history = useListPage(getUsdtRateHistory);
  const columns = useMemo(() => historyColumns(t), [t]);
  const [draft, setDraft] = useState<RateDraft>(EMPTY_DRAFT);
  const [done, setDone] = useState<UsdtRateChangeAnswer | null>(null);
  const changed = (row: UsdtRateChangeAnswer) => {
    setDone(row);
    setDraft(EMPTY_DRAFT);
    void refreshUsdtRates();
    void refreshUsdtRateHistory();
    void refreshSettingViews();
  };
  return (
    <>
      <RouteTitle />
      {done?.pending_change ? (
        <PendingRateNotice change={done.pending_change} />
      ) : (
        done && (
          <div className="alert alert-success" role="status" data-testid="usdt-rate-changed">
            {t('administration.usdt.changed', { currency: done.currency, rate: done.rate })}
          </div>
        )
      )}
      <div className="row g-3 mb-3">
        <div className="col-xl-7">
          <SettingsCard
            testId="usdt-current"
            icon="bi-currency-exchange"
            title={t('administration.usdt.currentTitle')}
            text={t('administration.usdt.currentText')}
            className="h-100"
          >
            {rates.data ? (
              <CurrentRates
                rates={rates.data.rates}
                timeZone={history.state.timeZone}
                onChange={(currency) => {
                  setDone(null);
                  setDraft({ ...draft, currency });
                  document.getElementById('usdt-rate-form-card')?.scrollIntoView?.();
                }}
              />
            ) : rates.isError ? (
              <LoadFailed onRetry={() => void rates.refetch()} />
            ) : (
              <Spinner />
            )}
          </SettingsCard>
        </div>
        <div className="col-xl-5" id="usdt-rate-form-card">
          <SettingsCard
            testId="usdt-change"
            icon="bi-pencil-square"
            title={t('administration.usdt.changeTitle')}
            text={t('administration.usdt.changeText')}
            className="h-100"
          >
            <UsdtRateForm
              rates={rates.data?.rates ?? []}
              draft={draft}
              setDraft={setDraft}
              onChanged={changed}
            />
          </SettingsCard>
        </div>
      </div>
      <h5 className="mb-3">{t('administration.usdt.historyTitle')}</h5>
      <ListView
        list={history}
        columns={columns}
        listId="usdt-rate-history"
        getRowId={(r) => r.id}
      />
    </>
  );
}
