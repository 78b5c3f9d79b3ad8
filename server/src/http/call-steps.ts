/** The steps every back-office call goes through, shared by the call route and the export. */
import type { z } from 'zod';
import {
  decideAccess,
  describeIssues,
  fieldProblemOf,
  type AccessRule,
  type ApiEnvelope,
  type TimezoneChoice,
} from '@bo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { AppError, badInput, notAllowed } from '../core/app-error';
import { normalizeAddress } from './client-address';
import { assertCleanText } from './text-fields';
import type { Actor, RequestOrigin, UserCallContext } from '../core/context';
import type { CallRegistry } from './registry';

/** Reads the payload of any accepted body type into plain text fields. */
export function readFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badInput('The request body must be form fields or a JSON object');
  const fields = body as Record<string, unknown>;
  assertCleanText(fields);
  return fields;
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

/** What every call's handling needs from the server. */
export interface CallRouteDeps {
  readonly registry: CallRegistry;
  readonly db: Db;
  readonly config: Config;
  readonly resolveSession: SessionResolver;
  /** The zone a report reads its days in when a request names none (/report-setting). */
  readonly defaultReportZone: (db: Db) => Promise<TimezoneChoice>;
}

/**
 * Where the request came from. Its user agent and address are kept in the admin log and the
 * sessions, so they are checked as every field is (`assertCleanText`): NUL there failed in
 * PostgreSQL (a 500). The address is the `X-Forwarded-For` header's under `TRUST_PROXY`.
 */
export function originOf(request: FastifyRequest): RequestOrigin {
  const origin = {
    clientIp: normalizeAddress(request.ip),
    userAgent: String(request.headers['user-agent'] ?? ''),
    requestId: String(request.id),
  };
  assertCleanText({ 'User-Agent': origin.userAgent, 'X-Forwarded-For': origin.clientIp });
  return origin;
}

/** The context a user call's handler gets: the server's, the signed-in actor, the origin. */
export const userContextOf = (
  deps: CallRouteDeps,
  request: FastifyRequest,
  actor: Actor,
): UserCallContext => ({
  db: deps.db,
  config: deps.config,
  log: request.log,
  actor,
  ...originOf(request),
});

/** The signed-in actor of the fields' token, allowed by `rule`: else 440 or 403. */
export async function authorize(
  deps: CallRouteDeps,
  fields: Record<string, unknown>,
  rule: AccessRule,
): Promise<Actor> {
  const actor = await deps.resolveSession(
    deps.db,
    textField(fields, 'accessToken'),
    textField(fields, 'accessUsername'),
    deps.config,
  );
  if (decideAccess(rule, actor) !== 'allowed') throw notAllowed();
  return actor;
}

/** The payload read by `schema`, or a 400 naming the first bad field. */
export function validate<S extends z.ZodType>(
  schema: S,
  payload: Record<string, unknown>,
): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const { error } = parsed;
    const field = fieldProblemOf(error, payload);
    throw new AppError('BAD_INPUT', describeIssues(error), undefined, field);
  }
  return parsed.data;
}

/** The fields of a request without the session's. */
export function payloadOf(fields: Record<string, unknown>): Record<string, unknown> {
  const { accessToken: _token, accessUsername: _username, ...payload } = fields;
  return payload;
}
