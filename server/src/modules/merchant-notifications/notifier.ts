import type { Config } from '../../config/config';
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/db';
import { guardedLookup, RefusedAddress, UnresolvedHost } from './guarded-lookup';
import {
  claimDueNotifications,
  EXCERPT_CHARS,
  recordAttempt,
  type DeliveryOutcome,
  type DueNotification,
} from './notifications.queries';
import { NoAnswerInTime, postOnce } from './notify-post';
import { findNotificationSigner, type NotificationSigner } from './notify-settings.queries';
import { checkNotifyUrlWithoutDns, resolveWithDns, type Resolve } from './notify-url-check';
import { strictNotifyUrls, type NotifyUrlSettings } from './notify-url-rules';
import { signRequest } from '../../core/signature';

/** How long one delivery may take, answer body included. */
export const NOTIFY_TIMEOUT_MS = 5_000;

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

/** Where the full reason of a failed delivery goes: the server log (pino's `warn`). */
export interface DeliveryLog {
  warn(details: object, message: string): void;
}

/** How one POST of a notification is made. */
export interface PostOptions {
  /** Outside the sandbox/demo (`strictNotifyUrls`): refuse addresses inside, as at saving. */
  readonly strict: boolean;
  readonly timeoutMs?: number;
  /** Resolves the host (node's dns; tests give a fixed table). */
  readonly resolve?: Resolve;
  /** Told why a delivery failed, as the outcome is not (none: tests and tools). */
  readonly log?: DeliveryLog;
}

// Every failure that is neither a refusal nor the time limit, with no HTTP answer: refused
// or reset connections, failed TLS handshakes and certificates alike.
const COULD_NOT_CONNECT = 'could not connect';

/**
 * What went wrong with a delivery, as the notification log and the test notification show it.
 * A failed connection says only COULD_NOT_CONNECT: the socket's or TLS's own words (ECONNREFUSED,
 * "wrong version number") tell a closed port from an open one, which would make the test
 * notification a port scanner. Those words go to the server log.
 */
function deliveryError(error: unknown): string {
  if (
    error instanceof AppError ||
    error instanceof RefusedAddress ||
    error instanceof UnresolvedHost
  )
    return `not sent: ${error.message}`;
  if (error instanceof NoAnswerInTime) return error.message;
  return COULD_NOT_CONNECT;
}

/**
 * POSTs a notification body once. With `strict`, the URL is checked again as a request's is
 * (https, no IP literal or name inside) and its host's addresses when the socket resolves it,
 * the connection going to the addresses checked (`guarded-lookup.ts`). Redirects are not
 * followed (a 3xx is the answer), the whole exchange is limited to `timeoutMs`, and only the
 * start of the answer's body is read (`notify-post.ts`). A refusal is an answer-less outcome.
 */
export async function postNotification(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<DeliveryOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    checkNotifyUrlWithoutDns(url.href, { strict: options.strict, field: 'the notify URL' });
    const answer = await postOnce(url, body, headers, {
      timeoutMs: options.timeoutMs ?? NOTIFY_TIMEOUT_MS,
      lookup: guardedLookup(options.resolve ?? resolveWithDns, options.strict),
    });
    const excerpt = answer.body.toString('utf8').slice(0, EXCERPT_CHARS);
    return { httpStatus: answer.status, error: '', latencyMs: latency(), excerpt };
  } catch (error) {
    // `err`: pino's error serializer keeps the message, the code and the stack.
    options.log?.warn({ err: error, notifyHost: url.host }, 'notification not delivered');
    return { httpStatus: null, error: deliveryError(error), latencyMs: latency(), excerpt: '' };
  }
}

async function deliverOne(
  db: Db,
  n: DueNotification,
  options: PostOptions,
): Promise<DeliveryOutcome> {
  let url: URL;
  try {
    url = new URL(n.url);
  } catch {
    return { httpStatus: null, error: 'the notify URL is not valid', latencyMs: 0, excerpt: '' };
  }
  const body = JSON.stringify(n.payload);
  const signer = await findNotificationSigner(db, n.merchant_account_id);
  const log = options.log;
  // The log line names the notification, so support finds why its attempt failed.
  const tagged = log && {
    warn: (details: object, message: string) =>
      log.warn({ ...details, notificationId: n.id }, message),
  };
  return postNotification(url, body, notificationHeaders(signer, url, body), {
    ...options,
    log: tagged,
  });
}

/** Delivers one claimed notification and records the attempt (delivered, retried or abandoned). */
export async function deliverAndRecord(
  db: Db,
  n: DueNotification,
  options: PostOptions,
  maxAttempts: number,
): Promise<void> {
  const result = await deliverOne(db, n, options);
  await recordAttempt(db, n, result, maxAttempts);
}

/** How deliveries are made under `config`. */
export const postOptionsOf = (
  config: NotifyUrlSettings,
  { resolve = resolveWithDns, log }: Pick<PostOptions, 'resolve' | 'log'> = {},
): PostOptions => ({ strict: strictNotifyUrls(config), resolve, log });

/**
 * Sends every due merchant notification once (signed like API requests), logging each attempt;
 * a failure is retried later with exponential back-off. A delivery refused because its URL
 * points inside (strict mode) is such a failure: a name's DNS may point outside again, the
 * merchant sees why in the log, and the attempts stop at `notifyMaxAttempts` as any others'.
 * Answers how many were attempted. `resolve` is node's dns but in tests. (The server runs
 * `startNotificationPump`, which keeps deliveries flowing; this one round is for tests and tools.)
 */
export async function deliverDueNotifications(
  db: Db,
  config: Pick<Config, 'notifyMaxAttempts'> & NotifyUrlSettings,
  now = new Date(),
  limit = 50,
  resolve: Resolve = resolveWithDns,
) {
  const options = postOptionsOf(config, { resolve });
  const due = await db.transaction((tx) => claimDueNotifications(tx, now, limit));
  await Promise.all(due.map((n) => deliverAndRecord(db, n, options, config.notifyMaxAttempts)));
  return due.length;
}
