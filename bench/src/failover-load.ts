import { createPayin, DEMO_MERCHANT_KEY, postJson } from './http-ingest';
import { describeFailure, describeNetworkError } from './soak-latency';

/** One merchant-API pay-in as sent: its keys, and how it was answered. */
export interface SentPayin {
  readonly orderId: string;
  readonly amount: string;
  readonly idempotencyKey: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  /** The pay-in's id, when answered 2xx. */
  id?: string;
  /** How it failed, when it did not answer 2xx. */
  failure?: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

/** `work`, or a rejection named "timeout" after REQUEST_TIMEOUT_MS. */
function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Sends (or sends again, same keys) one pay-in and records its answer in `payin`. */
export async function sendPayin(base: string, payin: SentPayin): Promise<void> {
  payin.sentAt = performance.now();
  try {
    const answer = await withTimeout(createPayin(base, DEMO_MERCHANT_KEY, payin));
    payin.status = answer.status;
    if (answer.status >= 200 && answer.status < 300)
      payin.id = (JSON.parse(answer.text) as { id: string }).id;
    else payin.failure = describeFailure(answer.status, answer.text);
  } catch (error) {
    payin.status = 0;
    payin.failure = describeNetworkError(error);
  }
  payin.answeredAt = performance.now();
}

/**
 * Sends pay-ins at `perSecond` (open loop: one every 1/perSecond s whether or not the last has
 * answered, as merchants do) and a back-office read (the pay-in list) at `readsPerSecond`,
 * until `until()` says stop; answers every pay-in sent and the reads' failures by kind.
 */
export async function runSteadyLoad(
  base: string,
  session: { accessToken: string; accessUsername: string },
  perSecond: number,
  readsPerSecond: number,
  until: (payins: readonly SentPayin[]) => boolean,
): Promise<{ payins: SentPayin[]; reads: number; readFailures: Map<string, number> }> {
  const run = Date.now();
  const payins: SentPayin[] = [];
  const inFlight: Promise<void>[] = [];
  const readFailures = new Map<string, number>();
  let reads = 0;
  const read = async () => {
    reads++;
    const body = JSON.stringify({ ...session, page: '1', pageSize: '25' });
    let failure: string | undefined;
    try {
      const answer = await withTimeout(postJson(base, '/controller/admin/getPayinList', body));
      if (answer.status !== 200) failure = describeFailure(answer.status, answer.text);
    } catch (error) {
      failure = describeNetworkError(error);
    }
    if (failure) readFailures.set(failure, (readFailures.get(failure) ?? 0) + 1);
  };
  const started = performance.now();
  let nextRead = started;
  for (let n = 0; !until(payins); n++) {
    const payin: SentPayin = {
      orderId: `failover-${run}-${n}`,
      amount: `${100 + (n % 900)}.00`,
      idempotencyKey: `failover-${run}-${n}`,
      sentAt: 0,
      answeredAt: 0,
      status: 0,
    };
    payins.push(payin);
    inFlight.push(sendPayin(base, payin));
    const now = performance.now();
    if (now >= nextRead) {
      inFlight.push(read());
      nextRead += 1000 / readsPerSecond;
    }
    const wait = started + ((n + 1) * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(inFlight);
  return { payins, reads, readFailures };
}
