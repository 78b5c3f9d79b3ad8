import { Readable } from 'node:stream';
import { MERCHANT_API_HEADERS, describeIssues, readPositiveAmount } from '@bo/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { failureOf } from '../http/failure';
import { assertCleanText } from '../http/text-fields';
import { ApiFailure, authenticateMerchant, refuseReplay } from './merchant-auth';
import type { KeyRateLimiter } from './rate-limit';
import type { SignatureUse } from './replay-guard';
import { isUnreachable } from '../db/db';

/** A signed request once authenticated: the merchant, the raw body it signed, its input. */
export interface ApiCall<Input> {
  readonly request: FastifyRequest;
  readonly merchantId: string;
  readonly raw: string;
  readonly input: Input;
  /** The request's verified signature: a write notes it in the transaction it creates with. */
  readonly signature: SignatureUse;
}

/**
 * What a route answers: an HTTP status and a JSON body, sent as `json` exactly when given: a
 * text, or a text in parts streamed as they come (a statement, never whole in memory).
 */
export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly json?: string | AsyncIterable<string>;
}

type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The merchant API's code for a status the shared `failureOf` mapping chose. */
function codeOf(status: number): string {
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too_large';
  if (status === 503) return 'service_unavailable';
  return status >= 500 ? 'internal' : 'bad_request';
}

/** A back-office field name as the merchant API spells its fields: `orderId` -> `order_id`. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Anything thrown, as the merchant API's failure (the status and message from `failureOf`). */
export function apiFailureOf(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const failure = failureOf(error);
  // A back-office "not allowed" (say, a currency without contract) is bad input to a merchant.
  const status = failure.status === 403 ? 400 : failure.status;
  // A failure worded as "<field> <rule>" names the field as this API spells it (`order_id`).
  const field = failure.field;
  const message =
    field && failure.message === `${field.field} ${field.rule}`
      ? `${snakeCase(field.field)} ${field.rule}`
      : failure.message;
  return new ApiFailure(status, codeOf(status), message, failure.retryAfterSeconds);
}

/** Answers a failure in the merchant API's shape `{ error: { code, message } }`. */
export function sendApiFailure(
  reply: FastifyReply,
  error: unknown,
  log: FastifyBaseLogger,
): FastifyReply {
  const failure = apiFailureOf(error);
  if (failure.status >= 500 && !(error instanceof ApiFailure))
    log.error({ err: error }, 'merchant API failure');
  if (failure.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(failure.retryAfterSeconds));
  return reply
    .code(failure.status)
    .send({ error: { code: failure.code, message: failure.message } });
}

function parseBody<S extends z.ZodType>(schema: S, raw: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw || '{}');
  } catch {
    throw new ApiFailure(400, 'bad_request', 'The body must be JSON');
  }
  // The back office's edge check: NUL never reaches the database, a deep body never the schema.
  if (json !== null && typeof json === 'object') assertCleanText(json as Record<string, unknown>);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiFailure(400, 'bad_request', describeIssues(parsed.error));
  return parsed.data;
}

/**
 * The body's edge check (`assertCleanText`) for what else of a request reaches the database: its
 * query string (list filters, cursors) and its signing headers (the key id is looked up, the
 * Idempotency-Key stored). NUL there failed in PostgreSQL (a 500) rather than a 400 naming it.
 */
function assertCleanQueryAndHeaders(request: FastifyRequest): void {
  assertCleanText({ ...(request.query as Record<string, unknown> | undefined) });
  const headers: Record<string, unknown> = {};
  for (const name of Object.values(MERCHANT_API_HEADERS))
    headers[name] = request.headers[name.toLowerCase()];
  assertCleanText(headers);
}

/** A positive amount in minor units, or a 400 naming what is wrong with it. */
export function amountOf(text: string, currency: string): bigint {
  const read = readPositiveAmount(text, currency);
  if (!read.ok) throw new ApiFailure(400, 'bad_request', `amount ${read.message}`);
  return read.minor;
}

/**
 * One merchant API route: authenticate the signed request, spend a token of its key's rate
 * limit (429 with Retry-After when none is left), validate its JSON body against
 * `schema` (none for a GET), run `handle`, answer. A failure is thrown on to the API's error
 * handler (`sendApiFailure`), so a route says only what it does. A replayed signature is
 * refused: a read's before it runs; a write's in the transaction that creates (`runIdempotent`),
 * so it costs no commit of its own, or, when the write ends without creating anything (refused,
 * or answered from its idempotency key), once it has ended, before its answer leaves.
 */
/** What every route of the surface shares: the database and the per-key rate limiter. */
export interface ApiSurface {
  readonly db: Db;
  readonly limiter: KeyRateLimiter;
}

export function apiRoute<S extends z.ZodType | undefined>(
  { db, limiter }: ApiSurface,
  schema: S,
  handle: (call: ApiCall<InputOf<S>>) => Promise<ApiAnswer>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    assertCleanQueryAndHeaders(request);
    const { keyId, merchantId, signature } = await authenticateMerchant(db, request, raw);
    // Before its signature is noted: a request refused for its rate may be sent again as it is.
    await limiter.take(keyId);
    if (request.method === 'GET') await refuseReplay(db, signature);
    let answer: ApiAnswer;
    try {
      const input = (schema ? parseBody(schema, raw) : undefined) as InputOf<S>;
      answer = await handle({ request, merchantId, raw, input, signature });
    } catch (error) {
      // A lost connection leaves the outcome unknown: the write may have committed, its
      // signature noted with it, and refusing it now as a replay would hide that. It answers
      // 503; the retry, signed anew, finds what was kept.
      if (!isUnreachable(error)) await refuseReplay(db, signature);
      throw error;
    }
    await refuseReplay(db, signature);
    if (answer.json === undefined) return reply.code(answer.status).send(answer.body);
    const json = typeof answer.json === 'string' ? answer.json : Readable.from(answer.json);
    return reply.code(answer.status).type('application/json; charset=utf-8').send(json);
  };
}
