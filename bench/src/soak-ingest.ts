import { createPayin } from './http-ingest';
import { describeFailure, describeNetworkError, type LatencyBook } from './soak-latency';
import type { SoakMerchant } from './soak-world';

/** The kind the soak's pay-in creations are recorded under. */
export const PAYIN_CREATE = 'pay-in create (merchant API)';
/** The kind the probe's failed pay-in creations are recorded under (its latencies are not kept). */
export const PROBE_PAYIN_CREATE = 'pay-in create, probe (merchant API)';

/** Where the pay-ins go: the server, the merchants sending them, and the run's order-id prefix. */
export interface IngestTarget {
  base: string;
  merchants: readonly SoakMerchant[];
  /** Prefix of every order id and idempotency key of the run (unique per run and phase). */
  prefix: string;
  /** Where the server posts each pay-in's result (merchant notifications), if anywhere. */
  notifyUrl?: string;
}

/**
 * Sends the `n`-th pay-in of the run: merchants in turn, amounts 100.00 to 999.00 THB (whole
 * units end in .00, so the sandbox completes them by the gateway's success rate). Answers
 * undefined on a 201, else how it failed.
 */
async function sendPayin(target: IngestTarget, n: number): Promise<string | undefined> {
  const merchant = target.merchants[n % target.merchants.length]!;
  try {
    const answer = await createPayin(target.base, merchant.apiKey, {
      amount: `${100 + (n % 900)}.00`,
      orderId: `${target.prefix}-${n}`,
      idempotencyKey: `${target.prefix}-${n}`,
      notifyUrl: target.notifyUrl,
    });
    return answer.status === 201 ? undefined : describeFailure(answer.status, answer.text);
  } catch (error) {
    return describeNetworkError(error);
  }
}

/**
 * The most pay-ins per second the server takes in: `clients` closed loops, each sending its
 * next pay-in when the last one is answered, for `seconds` after `warmupSeconds` not counted.
 * Failures go to `book`.
 */
export async function probeIntake(
  target: IngestTarget,
  seconds: number,
  clients: number,
  warmupSeconds: number,
  book: LatencyBook,
): Promise<{ perSecond: number; created: number; errors: number }> {
  let created = 0;
  let errors = 0;
  let seq = 0;
  const counted = Date.now() + warmupSeconds * 1000;
  const deadline = counted + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const failure = await sendPayin(target, seq++);
        if (failure) {
          errors++;
          book.fail(PROBE_PAYIN_CREATE, failure);
        } else if (Date.now() > counted) created++;
      }
    }),
  );
  return { perSecond: created / ((Date.now() - counted) / 1000), created, errors };
}

export interface OpenLoopResult {
  /** Pay-ins sent (every one scheduled in the window). */
  sent: number;
  /** Pay-ins answered 201. */
  created: number;
  /** Pay-ins created per second, from the first send to the last answer. */
  achievedPerSecond: number;
  /** Requests still unanswered `drainMs` after the window closed (counted as failures). */
  unanswered: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Open-loop intake: pay-in `i` is due at `start + i / ratePerSecond` and is sent then whatever
 * the earlier ones are doing, so a slow server meets the same arrivals as a fast one. Each
 * latency runs from the due time (not the moment the client got round to sending), so a stall
 * of the client or the server is counted in full (no coordinated omission). Answers still
 * missing `drainMs` after the window are failures.
 */
export async function runOpenLoopIngest(
  target: IngestTarget,
  ratePerSecond: number,
  seconds: number,
  book: LatencyBook,
  drainMs = 30_000,
): Promise<OpenLoopResult> {
  const total = Math.max(1, Math.floor(ratePerSecond * seconds));
  const interval = 1000 / ratePerSecond;
  const inFlight = new Set<Promise<void>>();
  let created = 0;
  let lastAnswer = 0;
  let closed = false;
  const start = performance.now();
  const fire = (n: number, dueAt: number) => {
    const request = sendPayin(target, n).then((failure) => {
      if (closed) return;
      lastAnswer = performance.now();
      if (failure) book.fail(PAYIN_CREATE, failure);
      else {
        created++;
        book.record(PAYIN_CREATE, lastAnswer - dueAt);
      }
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
    for (; sent < due; sent++) fire(sent, start + sent * interval);
    if (sent < total) await sleep(Math.max(0, start + sent * interval - performance.now()));
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...inFlight]),
    new Promise((r) => (timer = setTimeout(r, drainMs))),
  ]);
  clearTimeout(timer);
  closed = true;
  const unanswered = inFlight.size;
  for (let i = 0; i < unanswered; i++)
    book.fail(PAYIN_CREATE, `no answer ${drainMs} ms after the window`);
  return {
    sent,
    created,
    achievedPerSecond: created / ((Math.max(lastAnswer, start + 1) - start) / 1000),
    unanswered,
  };
}

/**
 * One pay-in from each merchant before the load, so a setup the server refuses (an API key, a
 * notify URL it does not accept) says so at once; answers each failure (empty: all created).
 */
export async function checkEveryMerchant(target: IngestTarget): Promise<string[]> {
  const failures = await Promise.all(target.merchants.map((_m, n) => sendPayin(target, n)));
  return failures
    .map((failure, n) => failure && `${target.merchants[n]!.code}: ${failure}`)
    .filter((f): f is string => Boolean(f));
}
