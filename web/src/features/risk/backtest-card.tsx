import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RISK_BACKTEST_DAYS, type RiskBacktest, type RiskRuleRow } from '@bo/contract';
import { BusyButton } from '../../ui/busy-button';
import { InstantText } from '../../ui/instant-text';
import { LoadFailed } from '../../ui/load-failed';
import { ProgressBar } from '../../ui/progress-bar';
import { Spinner } from '../../ui/spinner';
import { useSubmit } from '../../ui/use-submit';
import {
  riskBacktestKey,
  riskBacktestQuery,
  sendStartRiskBacktest,
} from './api/risk-backtests-api';
import { BacktestResult } from './backtest-result';

/** The share of a running backtest's chunks done, 0–1 (0 before it knows how many). */
export const backtestShare = (b: Pick<RiskBacktest, 'chunks_done' | 'chunks_total'>) =>
  b.chunks_total > 0 ? b.chunks_done / b.chunks_total : 0;

/** Which version it ran, by whom and when; and whether the rule has been saved since. */
function BacktestHead({ backtest, current }: { backtest: RiskBacktest; current: number }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="small text-muted mb-2" data-testid="risk-backtest-head">
        {t('riskRules.backtest.ranVersion', { version: backtest.version })} ·{' '}
        <bdi>{backtest.started_by}</bdi> · <InstantText value={backtest.started_at} />
      </p>
      {backtest.version !== current && (
        <p className="small alert alert-warning py-1 px-2" data-testid="risk-backtest-older">
          {t('riskRules.backtest.olderVersion', { version: backtest.version, current })}
        </p>
      )}
    </>
  );
}

/** A running backtest: its chunks done as a bar. */
function BacktestProgress({ backtest }: { backtest: RiskBacktest }) {
  const { t } = useTranslation();
  return (
    <div data-testid="risk-backtest-running">
      <div className="small text-muted mb-1">
        {t('riskRules.backtest.running', {
          done: backtest.chunks_done,
          total: backtest.chunks_total,
        })}
      </div>
      <ProgressBar
        share={backtestShare(backtest)}
        label={t('riskRules.backtest.progress')}
        testId="risk-backtest-progress"
      />
    </div>
  );
}

/** What the card shows under its button: loading, a failed read, none yet, or the newest run. */
function BacktestState({
  query,
  current,
}: {
  query: UseQueryResult<{ backtest: RiskBacktest | null }>;
  current: number;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner size="sm" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const backtest = query.data.backtest;
  if (!backtest)
    return (
      <p className="text-muted mb-0" data-testid="risk-backtest-none">
        {t('riskRules.backtest.none')}
      </p>
    );
  return (
    <div data-testid="risk-backtest-state" data-status={backtest.status}>
      <BacktestHead backtest={backtest} current={current} />
      {backtest.status === 'running' && <BacktestProgress backtest={backtest} />}
      {backtest.status === 'failed' && (
        <div className="alert alert-danger mb-0" data-testid="risk-backtest-failed">
          <strong>{t('riskRules.backtest.failed')}</strong>{' '}
          <bdi>{backtest.error ?? t('riskRules.backtest.stopped')}</bdi>
        </div>
      )}
      {backtest.status === 'done' && <BacktestResult backtest={backtest} />}
    </div>
  );
}

/** Said once, politely, when a backtest ends (the bar itself is not read out at every step). */
function EndNote({ status }: { status: RiskBacktest['status'] | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="visually-hidden" aria-live="polite">
      {status === 'done' && t('riskRules.backtest.doneNote')}
      {status === 'failed' && t('riskRules.backtest.failed')}
    </div>
  );
}

/**
 * "Test on past traffic" on the rule's page: runs its saved version over the last
 * `RISK_BACKTEST_DAYS` days, changing nothing, and shows the newest run (polled every second while
 * it runs). A form with unsaved changes must be saved first: a backtest runs the saved version.
 */
export function RuleBacktestCard({ rule, isDirty }: { rule: RiskRuleRow; isDirty: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(riskBacktestQuery(rule.id));
  const submit = useSubmit();
  const backtest = query.data?.backtest ?? null;
  const start = async () => {
    const started = await submit.run(() => sendStartRiskBacktest({ ruleId: rule.id }));
    if (started) queryClient.setQueryData(riskBacktestKey(rule.id), { backtest: started });
  };
  return (
    <section
      className="card mb-3"
      aria-labelledby="risk-backtest-title"
      data-testid="risk-backtest"
    >
      <div className="card-body">
        <h2 id="risk-backtest-title" className="h6">
          {t('riskRules.backtest.title')}
        </h2>
        <p className="small text-muted">
          {t('riskRules.backtest.intro', {
            version: rule.current_version,
            days: RISK_BACKTEST_DAYS,
          })}
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <BusyButton
            type="button"
            className="btn-outline-primary"
            isBusy={submit.isBusy}
            disabled={backtest?.status === 'running' || isDirty}
            aria-describedby={isDirty ? 'risk-backtest-save-first' : undefined}
            onClick={() => void start()}
            data-testid="risk-backtest-run"
          >
            {backtest && backtest.status !== 'running'
              ? t('riskRules.backtest.runAgain')
              : t('riskRules.backtest.run')}
          </BusyButton>
          {isDirty && (
            <span
              id="risk-backtest-save-first"
              className="small"
              data-testid="risk-backtest-save-first"
            >
              {t('riskRules.backtest.saveFirst')}
            </span>
          )}
        </div>
        <BacktestState query={query} current={rule.current_version} />
        <EndNote status={backtest?.status} />
      </div>
    </section>
  );
}
