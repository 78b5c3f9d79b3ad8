import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { send } from './call-steps';
import { failureOf } from './failure';

/** Answers a failure in the envelope `{ status, message, data? }` through `failureOf`. */
export function sendFailure(reply: FastifyReply, error: unknown, log: FastifyBaseLogger) {
  const failure = failureOf(error);
  if (failure.unexpected) log.error({ err: error }, 'unexpected failure');
  else if (failure.status >= 500) log.error({ err: error }, 'call failed');
  if (failure.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(failure.retryAfterSeconds));
  const data = {
    ...(failure.reason && { reason: failure.reason }),
    ...(failure.field && { field: failure.field }),
    ...(failure.fields && { fields: failure.fields }),
  };
  return send(reply, failure.status, failure.message, Object.keys(data).length ? data : undefined);
}

/** Maps every failure to the envelope `{ status, message, data? }` through `failureOf`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => sendFailure(reply, error, request.log));
}
