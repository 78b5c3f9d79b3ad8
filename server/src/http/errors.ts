import type { FastifyInstance } from 'fastify';
import { send } from './call-steps';
import { failureOf } from './failure';

/** Maps every failure to the envelope `{ status, message, data? }` through `failureOf`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => {
    const failure = failureOf(error);
    if (failure.unexpected) request.log.error({ err: error }, 'unexpected failure');
    else if (failure.status >= 500) request.log.error({ err: error }, 'call failed');
    return send(
      reply,
      failure.status,
      failure.message,
      failure.reason ? { reason: failure.reason } : undefined,
    );
  });
}
