import { postForChaos } from './chaos-http';
import { recordOf, type ChaosRecord, type RecordBook, type WriteOf } from './chaos-records';
import { signedApiHeaders, type MerchantKey } from './http-ingest';

/** How long a client keeps retrying one write (an interrupted pay-in needs 60 s and more). */
export const RETRY_FOR_MS = 150_000;
/** A retry is signed anew; within one second the signature would be the same (a replay). */
const MIN_RETRY_GAP_MS = 1_100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether a write should be sent again, as docs/merchant-api.md tells merchants: after no
 * answer (a cut connection, a timeout), a 5xx, a 429, or 409 `request_in_progress`.
 */
export function isRetryable(record: Pick<ChaosRecord, 'http' | 'code'>): boolean {
  return (
    record.http === 0 ||
    record.http >= 500 ||
    record.http === 429 ||
    (record.http === 409 && record.code === 'request_in_progress')
  );
}

/** The wait before the next try: `Retry-After` when the server gave one, else 1.1 s. */
function retryGapMs(record: ChaosRecord): number {
  const seconds = Number(record.retryAfter);
  return Number.isFinite(seconds) && seconds > 0
    ? Math.max(MIN_RETRY_GAP_MS, seconds * 1000)
    : MIN_RETRY_GAP_MS;
}

export interface ApiWrite extends WriteOf {
  readonly path: string;
  readonly body: string;
  readonly apiKey: MerchantKey;
}

/**
 * Sends one merchant-API write under its idempotency key until it is answered for good, or
 * RETRY_FOR_MS has passed: every try signed anew, the same key and body. Each attempt goes to
 * `book`; answers the last.
 */
export async function sendWithRetries(
  base: () => string,
  write: ApiWrite,
  book: RecordBook,
): Promise<ChaosRecord> {
  const giveUpAt = Date.now() + RETRY_FOR_MS;
  const { path, body, apiKey, ...kept } = write;
  for (let attempt = 1; ; attempt++) {
    const sentAt = Date.now();
    const headers = signedApiHeaders(apiKey, path, write.key, body);
    const record = recordOf(kept, attempt, sentAt, await postForChaos(base(), path, body, headers));
    book.add(record);
    if (!isRetryable(record)) return record;
    const gap = retryGapMs(record);
    if (Date.now() + gap > giveUpAt) return record;
    await sleep(gap);
  }
}
