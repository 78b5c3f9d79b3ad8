import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { foldPendingCredits } from '../ledger/postings';
import { compactRollups } from '../ledger/rollup-compaction';
import { foldReportRollups } from '../ledger/report-folding';
import { recordMoneyJobsRound } from '../http/metrics';
import { gatewayHealthJob } from '../modules/gateway-health/gateway-health.service';
import { deliverDueNotifications } from '../modules/merchant-notifications/notifier';
import { sweepExpiredPayins } from '../modules/payins/payin-flow';
import { sweepExpiredRequests } from '../modules/request-expiry/request-expiry';

/** Runs the money background jobs (notifications, pay-in and request expiry, credit folding, rollup compaction, report folding) until stopped. */
export function startMoneyJobs(
  db: Db,
  config: Config,
  log: { error: (o: unknown, m: string) => void },
) {
  const evaluateGatewayHealthWhenDue = gatewayHealthJob(config.gatewayHealthIntervalMs);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    running = (async () => {
      const startedAt = Date.now();
      await deliverDueNotifications(db, config);
      await sweepExpiredPayins(db);
      await sweepExpiredRequests(db);
      await foldPendingCredits(db);
      await compactRollups(db);
      await foldReportRollups(db);
      await evaluateGatewayHealthWhenDue(db);
      recordMoneyJobsRound(startedAt);
    })().catch((error: unknown) => log.error({ error }, 'money jobs failed'));
    await running;
    if (!stopped) timer = setTimeout(tick, 1_000);
  };
  let timer = setTimeout(tick, 1_000);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
