import { decideAccess, type ApiEnvelope } from '@bo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { AppError, badInput, notAllowed, notFound } from '../core/app-error';
import { normalizeAddress } from './client-address';
import type { Actor, CallContext } from '../core/context';
import type { CallRegistry } from './registry';
import { describeIssues } from './validation';

const CALL_NAME = /^[A-Za-z][A-Za-z0-9]{0,79}$/;

/** Reads the payload of any accepted body type into plain text fields. */
function readFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badInput('The request body must be form fields or a JSON object');
  return body as Record<string, unknown>;
}

function textField(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value : '';
}

export function send(reply: FastifyReply, status: number, message: string, data?: unknown) {
  const body: ApiEnvelope = data === undefined ? { status, message } : { status, message, data };
  return reply.code(status).send(body);
}

/**
 * Who is behind an access token and username, or a 440 AppError. Passed in from the top
 * (`app.ts` gives auth's `resolveSession`) so the HTTP layer never imports a module.
 */
export type SessionResolver = (
  db: Db,
  token: string,
  username: string,
  config: Config,
) => Promise<Actor>;

/** `POST /controller/admin/:call`: parse, authenticate, authorize, validate, handle, answer. */
export function registerCallRoute(
  app: FastifyInstance,
  registry: CallRegistry,
  db: Db,
  config: Config,
  resolveSession: SessionResolver,
) {
  app.post<{ Params: { call: string } }>(
    '/controller/admin/:call',
    async (request: FastifyRequest<{ Params: { call: string } }>, reply) => {
      const name = request.params.call;
      const call = CALL_NAME.test(name) ? registry.get(name) : undefined;
      if (!call) throw notFound(`There is no call named ${name.slice(0, 80)}`);

      const fields = readFields(request.body);
      const { accessToken: _token, accessUsername: _username, ...payload } = fields;
      const origin = {
        clientIp: normalizeAddress(request.ip),
        userAgent: String(request.headers['user-agent'] ?? ''),
        requestId: String(request.id),
      };

      let actor: Actor | null = null;
      if (call.def.rule.audience === 'user') {
        actor = await resolveSession(
          db,
          textField(fields, 'accessToken'),
          textField(fields, 'accessUsername'),
          config,
        );
        if (decideAccess(call.def.rule, actor) !== 'allowed') throw notAllowed();
      }

      const parsed = call.def.request.safeParse(payload);
      if (!parsed.success) throw badInput(describeIssues(parsed.error));

      const ctx: CallContext = { db, config, log: request.log, actor, ...origin };
      const data = await call.handle(ctx, parsed.data);
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
