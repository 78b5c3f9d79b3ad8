import { queryOptions } from '@tanstack/react-query';
import { getRiskBacktest, startRiskBacktest, type RiskBacktest } from '@bo/contract';
import { callApi, senderOf } from '../../../lib/api-client';

/** How often a running backtest is read again. */
export const BACKTEST_POLL_MS = 1000;

/** The read's key: a rule's newest backtest. */
export const riskBacktestKey = (ruleId: string) => ['getRiskBacktest', ruleId] as const;

/** Polls while the backtest runs, and stops once it is done or failed (or there is none). */
export const backtestPollInterval = (backtest: RiskBacktest | null | undefined): number | false =>
  backtest?.status === 'running' ? BACKTEST_POLL_MS : false;

/** A rule's newest backtest (null when it has none), read every second while it runs. */
export const riskBacktestQuery = (ruleId: string) =>
  queryOptions({
    queryKey: riskBacktestKey(ruleId),
    queryFn: () => callApi(getRiskBacktest, { ruleId }),
    refetchInterval: (query) => backtestPollInterval(query.state.data?.backtest),
  });

/** Starts a backtest of the rule's saved version; answers the running row at once. */
export const sendStartRiskBacktest = senderOf(startRiskBacktest);
