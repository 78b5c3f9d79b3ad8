import { useTranslation } from 'react-i18next';
import type { CallResponse, getReconRun } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { ResolvedProgress } from '../../ui/resolved-progress';
import { periodDay } from './api/recon-api';
import { ReconCurrencySummary } from './recon-summary';

/** The run page's head: which gateway, period and file, the progress, each currency's summary. */
export function ReconRunSummary({ summary }: { summary: CallResponse<typeof getReconRun> }) {
  const { t } = useTranslation();
  const { run } = summary;
  return (
    <section
      className="card mb-3"
      aria-labelledby="recon-summary-title"
      data-testid="recon-run-summary"
    >
      <div className="card-body">
        <h2 id="recon-summary-title" className="h5">
          {t('reconciliation.run.summary')}
        </h2>
        <p className="small text-muted mb-2">
          {t('reconciliation.run.details', {
            gateway: isolate(`${run.payment_gateway_code} · ${run.payment_gateway_name}`),
            from: isolate(periodDay(run.period_from)),
            to: isolate(periodDay(run.period_to)),
            file: isolate(run.file_name),
          })}
        </p>
        <div className="mb-3">
          <ResolvedProgress resolved={run.resolved_count} differences={run.difference_count} bar />
        </div>
        {summary.currencies.map((c) => (
          <ReconCurrencySummary key={c.currency} summary={c} />
        ))}
      </div>
    </section>
  );
}
