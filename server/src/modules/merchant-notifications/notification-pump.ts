import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import { claimDueNotifications } from './notifications.queries';
import { deliverAndRecord, postOptionsOf, type DeliveryLog } from './notifier';
import type { NotifyUrlSettings } from './notify-url-rules';

/** Deliveries in flight at most, per server process. */
export const NOTIFY_CONCURRENCY = 64;
/** How long the pump rests when nothing was due. */
const IDLE_MS = 250;

/** The server log as the pump uses it: a failed delivery's reason, and its own failures. */
export type PumpLog = DeliveryLog & { error: (o: unknown, m: string) => void };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps merchant notifications flowing on their own loop, apart from the once-a-second money
 * jobs: up to `concurrency` deliveries in flight, topped up (claimed with `SKIP LOCKED`, so
 * several server processes share the queue) as soon as half of them have finished, and a
 * short rest only when nothing is due. A slow merchant holds one slot for at most the
 * delivery timeout; the others keep going. Answers a function that stops claiming and waits
 * for the deliveries in flight.
 */
export function startNotificationPump(
  db: Db,
  config: Pick<Config, 'notifyMaxAttempts'> & NotifyUrlSettings,
  log: PumpLog,
  concurrency = NOTIFY_CONCURRENCY,
) {
  const options = postOptionsOf(config, { log });
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const deliver = (n: Parameters<typeof deliverAndRecord>[1]) => {
    const delivery: Promise<void> = deliverAndRecord(db, n, options, config.notifyMaxAttempts)
      .catch((error: unknown) => log.error({ err: error }, 'notification delivery failed'))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
  const loop = (async () => {
    while (!stopped) {
      const room = concurrency - inFlight.size;
      let claimed = 0;
      try {
        const due = await db.transaction((tx) => claimDueNotifications(tx, new Date(), room));
        claimed = due.length;
        due.forEach(deliver);
      } catch (error) {
        log.error({ err: error }, 'claiming notifications failed');
      }
      if (claimed < room) await sleep(IDLE_MS);
      // The queue had more: wait until half the slots are free before claiming again.
      while (!stopped && inFlight.size > concurrency / 2) await Promise.race(inFlight);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await Promise.all(inFlight);
  };
}
