import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import { startQueuePump, type PumpErrorLog } from '../../db/queue-pump';
import { claimDueNotifications } from './notifications.queries';
import { deliverAndRecord, postOptionsOf, type DeliveryLog } from './notifier';
import type { NotifyUrlSettings } from './notify-url-rules';

/** Deliveries in flight at most, per server process. */
export const NOTIFY_CONCURRENCY = 64;

/** The server log as the pump uses it: a failed delivery's reason, and its own failures. */
export type PumpLog = DeliveryLog & PumpErrorLog;

/**
 * Keeps merchant notifications flowing on their own loop, apart from the once-a-second money
 * jobs (`startQueuePump`: claimed with `SKIP LOCKED`, up to `concurrency` in flight). Answers a
 * function that stops claiming and waits for the deliveries in flight.
 */
export function startNotificationPump(
  db: Db,
  config: Pick<Config, 'notifyMaxAttempts'> & NotifyUrlSettings,
  log: PumpLog,
  concurrency = NOTIFY_CONCURRENCY,
) {
  const options = postOptionsOf(config, { log });
  return startQueuePump(
    db,
    {
      label: 'notification',
      claim: claimDueNotifications,
      deliver: (n) => deliverAndRecord(db, n, options, config.notifyMaxAttempts),
    },
    log,
    concurrency,
  );
}
