import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getReconLineList, type ReconClass } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { useCurrentRoute } from '../../lib/current-route';
import { queryClient } from '../../lib/query-client';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { periodDay, reconRunQuery } from './api/recon-api';
import { reconLineColumns } from './recon-line-columns';
import { ReconCurrencySummary } from './recon-summary';

/**
 * /reconciliation/{id}: one run's summary per currency (statement total = matched +
 * differences), then its lines one class tab at a time (the list kit's tabs on `class`, in the
 * URL and saved views, with the counts of each), searched by reference or order id, by
 * currency, exported, with their totals.
 */
export default function ReconRunPage() {
  const { t } = useTranslation();
  const id = useCurrentRoute().params.id ?? '';
  const summary = useQuery(reconRunQuery(id));
  const list = useListPage(getReconLineList, {
    fixed: { runId: id },
    tabField: 'class',
    statusLabel: (k) => t(`reconciliation.class.${k as ReconClass}`),
  });
  const columns = useMemo(() => reconLineColumns(t), [t]);
  const run = summary.data?.run;
  return (
    <>
      <RouteTitle />
      {summary.isPending && <PageSpinner />}
      {summary.isError && (
        <LoadFailed
          onRetry={() => void queryClient.invalidateQueries({ queryKey: ['getReconRun', id] })}
        />
      )}
      {run && summary.data && (
        <section
          className="card mb-3"
          aria-labelledby="recon-summary-title"
          data-testid="recon-run-summary"
        >
          <div className="card-body">
            <h2 id="recon-summary-title" className="h5">
              {t('reconciliation.run.summary')}
            </h2>
            <p className="small text-muted">
              {t('reconciliation.run.details', {
                gateway: isolate(`${run.payment_gateway_code} · ${run.payment_gateway_name}`),
                from: isolate(periodDay(run.period_from)),
                to: isolate(periodDay(run.period_to)),
                file: isolate(run.file_name),
              })}
            </p>
            {summary.data.currencies.map((c) => (
              <ReconCurrencySummary key={c.currency} summary={c} />
            ))}
          </div>
        </section>
      )}
      <h2 className="h5">{t('reconciliation.run.lines')}</h2>
      <ListView
        list={list}
        columns={columns}
        listId="recon-lines"
        getRowId={(r) => String(r.seq)}
        caption={t('reconciliation.run.linesCaption')}
        // Issue 28's second phase: the bulk resolution actions go here, as `above`.
      />
    </>
  );
}
