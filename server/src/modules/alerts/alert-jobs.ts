import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import { queueApprovalDigests } from './approval-digest';
import { queueNotifyFailureAlerts } from './notify-failure-alerts';

/** How often this process looks for digests and failing notify URLs to tell of. */
export const ALERT_SCAN_INTERVAL_MS = 60_000;

/**
 * For the money jobs' round (every second): once ALERT_SCAN_INTERVAL_MS has passed, queues the
 * approval digests and the failing-notification alerts. `alone` runs each under its job lock,
 * so one server process at a time does it (each also records what it told in the
 * transaction that queues it, so even two at once never tell twice).
 */
export function alertJobs(config: Config) {
  let last = 0;
  return async (
    db: Db,
    alone: (
      key: 'approvalDigest' | 'notifyFailure',
      work: () => Promise<number>,
    ) => Promise<unknown>,
  ) => {
    const now = Date.now();
    if (now - last < ALERT_SCAN_INTERVAL_MS) return;
    last = now;
    await alone('approvalDigest', () => queueApprovalDigests(db, config));
    await alone('notifyFailure', () => queueNotifyFailureAlerts(db, config));
  };
}
