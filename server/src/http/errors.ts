import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { send } from './call-route';

/** Maps every failure to the envelope: an AppError as it is, framework errors to safe words. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'call failed');
      return send(
        reply,
        error.status,
        error.message,
        error.reason ? { reason: error.reason } : undefined,
      );
    }
    const status = error.statusCode ?? 500;
    if (
      status === 413 ||
      error.code === 'FST_FILES_LIMIT' ||
      error.code === 'FST_PARTS_LIMIT' ||
      error.code === 'FST_FIELDS_LIMIT'
    ) {
      return send(reply, 413, 'The request is too large');
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return send(reply, 413, 'Files are not accepted here');
    if (status === 415)
      return send(reply, 415, 'Send the fields as multipart form data, urlencoded form or JSON');
    if (status >= 400 && status < 500) {
      return send(
        reply,
        400,
        'The request could not be read: check that it is well-formed form data or JSON',
      );
    }
    request.log.error({ err: error }, 'unexpected failure');
    return send(reply, 500, 'Something went wrong on our side');
  });
}
