import { EXPORT_LIST_CALL } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../core/app-error';
import type { CallContext } from '../core/context';
import {
  authorize,
  originOf,
  payloadOf,
  readFields,
  send,
  validate,
  type CallRouteDeps,
} from './call-steps';
import { answerExport } from './export/export-route';
import { answerDownload } from './file-download';

const CALL_NAME = /^[A-Za-z][A-Za-z0-9]{0,79}$/;

/**
 * `POST /controller/admin/:call`: parse, authenticate, authorize, validate, handle, answer.
 * `exportList` goes down the same steps to a streamed file instead (`http/export`), and so do
 * the download calls (`http/file-download`); the calls that take a file have routes of their
 * own (`http/file-upload`).
 */
export function registerCallRoute(app: FastifyInstance, deps: CallRouteDeps) {
  const { registry, db, config } = deps;
  app.post<{ Params: { call: string } }>(
    '/controller/admin/:call',
    async (request: FastifyRequest<{ Params: { call: string } }>, reply) => {
      const name = request.params.call;
      const fields = readFields(request.body);
      if (name === EXPORT_LIST_CALL) return answerExport(request, reply, deps, fields);
      const download = registry.downloadOf(name);
      if (download) return answerDownload(request, reply, deps, fields, download);
      const call = CALL_NAME.test(name) ? registry.get(name) : undefined;
      if (!call) throw notFound(`There is no call named ${name.slice(0, 80)}`);

      const actor =
        call.def.rule.audience === 'user' ? await authorize(deps, fields, call.def.rule) : null;
      const input = validate(call.def.request, payloadOf(fields));
      const ctx: CallContext = { db, config, log: request.log, actor, ...originOf(request) };
      const data = await call.handle(ctx, input);
      if (!config.isProduction) {
        // Outside production every answer is checked against its schema, so drift fails tests.
        const checked = call.def.response.safeParse(data);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, call: name },
            'response does not match its schema',
          );
          throw new AppError('INTERNAL', 'Something went wrong on our side');
        }
      }
      return send(reply, 200, 'Success', data);
    },
  );
}
