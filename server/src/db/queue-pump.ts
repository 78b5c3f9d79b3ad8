import type { Db, Queryable } from './db';

/** How long a pump rests when nothing was due. */
const IDLE_MS = 250;

/** What a pump logs: its own failures. */
export interface PumpErrorLog {
  error: (o: unknown, m: string) => void;
}

export interface QueuePump<T> {
  /** Claims up to `room` due items in the given transaction (`claimDue`). */
  readonly claim: (tx: Queryable, now: Date, room: number) => Promise<T[]>;
  /** Sends one claimed item and records the attempt. */
  readonly deliver: (item: T) => Promise<void>;
  /** Names the queue in log lines: 'notification', 'mail'. */
  readonly label: string;
}

/**
 * Keeps a queue flowing on its own loop: up to `concurrency` deliveries in flight, topped up
 * (claimed with `SKIP LOCKED`, so several server processes share the queue) as soon as half of
 * them have finished, and a short rest only when nothing is due. A slow receiver holds one slot
 * for at most its delivery timeout; the others keep going. Answers a function that stops
 * claiming and waits for the deliveries in flight. Merchant notifications and mail use it.
 */
export function startQueuePump<T>(
  db: Db,
  pump: QueuePump<T>,
  log: PumpErrorLog,
  concurrency: number,
) {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  /** Ends the current rest early: stopping does not wait out the idle pause. */
  let wake = () => {};
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const deliver = (item: T) => {
    const delivery: Promise<void> = pump
      .deliver(item)
      .catch((error: unknown) => log.error({ err: error }, `${pump.label} delivery failed`))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
  const loop = (async () => {
    while (!stopped) {
      const room = concurrency - inFlight.size;
      let claimed = 0;
      try {
        const due = await db.transaction((tx) => pump.claim(tx, new Date(), room));
        claimed = due.length;
        due.forEach(deliver);
      } catch (error) {
        log.error({ err: error }, `claiming ${pump.label}s failed`);
      }
      if (claimed < room && !stopped) await rest(IDLE_MS);
      // The queue had more: wait until half the slots are free before claiming again.
      while (!stopped && inFlight.size > concurrency / 2) await Promise.race(inFlight);
    }
  })();
  return async () => {
    stopped = true;
    wake();
    await loop;
    await Promise.all(inFlight);
  };
}
