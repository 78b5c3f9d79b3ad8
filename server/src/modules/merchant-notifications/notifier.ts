import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import {
  claimDueNotifications,
  EXCERPT_CHARS,
  recordAttempt,
  type DeliveryOutcome,
  type DueNotification,
} from './notifications.queries';
import { findNotificationSigner, type NotificationSigner } from './notify-settings.queries';
import { signRequest } from '../../core/signature';

/** How long one delivery may take, answer body included. */
export const NOTIFY_TIMEOUT_MS = 5_000;
/** At most this much of an answer's body is read; the rest is dropped unread. */
const READ_CAP_BYTES = 4 * 1024;

/**
 * The headers of a notification: `X-Timestamp`, and when the merchant has a signer its id in
 * `X-Api-Key` and `X-Signature`, an HMAC over `timestamp.POST.path.body` (as a request to the
 * merchant API is signed).
 */
export function notificationHeaders(
  signer: NotificationSigner | null,
  url: URL,
  body: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
  };
  if (signer) {
    headers['x-api-key'] = signer.keyId;
    headers['x-signature'] = signRequest(
      signer.secret,
      timestamp,
      'POST',
      url.pathname + url.search,
      body,
    );
  }
  return headers;
}

/** The start of a body, reading at most `READ_CAP_BYTES` of it. */
async function readExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < READ_CAP_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, READ_CAP_BYTES).toString('utf8').slice(0, EXCERPT_CHARS);
}

/**
 * POSTs a notification body once: redirects are not followed (a 3xx is the answer), the whole
 * exchange is limited to `timeoutMs`, and only the start of the answer's body is read.
 */
export async function postNotification(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs = NOTIFY_TIMEOUT_MS,
): Promise<DeliveryOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await readExcerpt(response).catch(() => '');
    return { httpStatus: response.status, error: '', latencyMs: latency(), excerpt };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const message = timedOut
      ? `no answer within ${timeoutMs} ms`
      : error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : 'delivery failed';
    return { httpStatus: null, error: message, latencyMs: latency(), excerpt: '' };
  }
}

async function deliverOne(db: Db, n: DueNotification): Promise<DeliveryOutcome> {
  let url: URL;
  try {
    url = new URL(n.url);
  } catch {
    return { httpStatus: null, error: 'the notify URL is not valid', latencyMs: 0, excerpt: '' };
  }
  const body = JSON.stringify(n.payload);
  const signer = await findNotificationSigner(db, n.merchant_account_id);
  return postNotification(url, body, notificationHeaders(signer, url, body));
}

/**
 * Sends every due merchant notification once (signed like API requests), logging each attempt;
 * a failure is retried later with exponential back-off. Answers how many were attempted.
 */
export async function deliverDueNotifications(
  db: Db,
  config: Pick<Config, 'notifyMaxAttempts'>,
  now = new Date(),
  limit = 50,
) {
  const due = await db.transaction((tx) => claimDueNotifications(tx, now, limit));
  await Promise.all(
    due.map(async (n) => {
      const result = await deliverOne(db, n);
      await recordAttempt(db, n, result, config.notifyMaxAttempts);
    }),
  );
  return due.length;
}
