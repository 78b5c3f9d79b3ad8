import { ERRORS, type FieldProblem, type RefusalReason } from '@bo/contract';
import { AppError } from '../core/app-error';
import { isRetryable } from '../db/db';
import { isFailoverError, NO_PRIMARY_RETRY_AFTER_SECONDS } from '../db/primary-finder';

/** What a failure means to a caller: HTTP status, a sentence safe to show, and why if refused. */
export interface Failure {
  readonly status: number;
  readonly message: string;
  readonly reason?: RefusalReason;
  /** When to try again (`Retry-After`, whole seconds), for a refusal that passes by itself. */
  readonly retryAfterSeconds?: number;
  /** A 400's field, rule and kind (`data.field`). */
  readonly field?: FieldProblem;
  /** Every problem, when the refusal found several (`data.fields`; `field` is the first). */
  readonly fields?: readonly FieldProblem[];
  /** Neither an AppError nor a framework refusal: a bug or an outage, to be logged. */
  readonly unexpected: boolean;
}

interface FrameworkError {
  readonly statusCode?: number;
  readonly code?: string;
}

const TOO_LARGE = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** A refusal that passes by itself: 503, nothing of the request kept, try again after `seconds`. */
const tryAgainIn = (seconds: number, why: string): Failure => ({
  status: ERRORS.UNAVAILABLE.status,
  message: `${why} just now: try again in ${seconds} s`,
  retryAfterSeconds: seconds,
  unexpected: false,
});

/**
 * The database cannot take the request now: no primary is found (a failover under way), the
 * connection was refused or cut, or the server turned standby (`isFailoverError`). Nothing
 * was committed by the statement that failed, so the client may send the request again.
 */
const unavailable = () =>
  tryAgainIn(NO_PRIMARY_RETRY_AFTER_SECONDS, 'The service cannot reach its database');

/** Seconds to wait before sending again a request that lost to other writers (`Retry-After`). */
export const CONTENTION_RETRY_AFTER_SECONDS = 1;

/**
 * The database rolled the request's transaction back, on every try, for a serialization
 * failure or a deadlock (40001, 40P01; `withRetries` tries five times): nothing it wrote was
 * kept, so the client may send it again, as after a failover (issue 45's chaos run found these
 * answered 500).
 */
const contended = () =>
  tryAgainIn(CONTENTION_RETRY_AFTER_SECONDS, 'The service is too busy to finish this request');

/**
 * The one mapping from a thrown error to status and message, shared by the back-office call
 * route and the merchant API (each wraps it in its own JSON shape): an AppError as it is,
 * Fastify's refusals in safe words, a database that cannot be reached or a transaction that
 * lost every try to other writers a 503 with Retry-After, anything else a 500 that says nothing
 * of the internals.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof AppError) {
    return {
      status: error.status,
      message: error.message,
      reason: error.reason,
      field: error.field,
      ...(error.fields.length > 1 && { fields: error.fields }),
      unexpected: false,
    };
  }
  if (isFailoverError(error)) return unavailable();
  if (isRetryable(error)) return contended();
  const { statusCode, code } = (error ?? {}) as FrameworkError;
  const status = statusCode ?? 500;
  const refused = (s: number, message: string): Failure => ({
    status: s,
    message,
    unexpected: false,
  });
  if (status === 413 || (code !== undefined && TOO_LARGE.has(code)))
    return refused(413, 'The request is too large');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refused(413, 'Files are not accepted here');
  if (status === 415)
    return refused(415, 'Send the fields as multipart form data, urlencoded form or JSON');
  if (status >= 400 && status < 500)
    return refused(
      400,
      'The request could not be read: check that it is well-formed form data or JSON',
    );
  return { status: 500, message: 'Something went wrong on our side', unexpected: true };
}
