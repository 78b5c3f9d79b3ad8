import { expect } from 'vitest';
import type { Db } from '../../src/db/db';
import type { CallRegistry } from '../../src/http/registry';
import type { TestApp } from './test-app';

/** What the fuzz of both APIs shares (`test/http/edge-*.test.ts`): sending, and a count of everything. */

/** The request fields a call's schema names (its object shape). */
export function requestShapeOf(registry: CallRegistry, name: string): Record<string, unknown> {
  return (registry.get(name)!.def.request as { shape?: Record<string, unknown> }).shape ?? {};
}

/** The merchant API's bookkeeping of a signed request (its signature, its key's rate bucket). */
export const SIGNED_REQUEST_TABLES = ['merchant_api_seen_signatures', 'api_rate_buckets'];

/**
 * Row counts of every table a refused request must not touch (sign-in bookkeeping aside, and
 * the tables `aside`).
 */
export async function tableCounts(db: Db, aside: readonly string[] = []): Promise<string> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'sign_in_failures', 'sign_in_challenges', 'schema_migrations')
        AND NOT (table_name = ANY($1::text[]))
      ORDER BY table_name`,
    [aside],
  );
  // Every table's count in one statement (a test asks before and after each call), in an
  // array: a function takes at most 100 arguments, and there are more tables than that.
  const counted = rows.map(({ table_name }) => {
    // A refused attempt may be audited (a wrong current password is); nothing else may change.
    const refusalsAside = table_name === 'admin_logs' ? ` WHERE outcome <> 'failure'` : '';
    return `'${table_name}=' || (SELECT count(*) FROM "${table_name}"${refusalsAside})`;
  });
  const { rows: answer } = await db.query<{ counts: string }>(
    `SELECT array_to_string(ARRAY[${counted.join(', ')}], ' ') AS counts`,
  );
  return answer[0]!.counts;
}

/** Sends a body as it is; answers the HTTP status and the envelope, which must match it. */
export async function sendRawCall(
  t: TestApp,
  name: string,
  contentType: string,
  payload: string | Buffer,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/controller/admin/${name}`,
    headers: { 'content-type': contentType },
    payload,
  });
  const envelope = response.json() as { status: number; message: string };
  expect(envelope.status, `${name} ${response.body.slice(0, 200)}`).toBe(response.statusCode);
  return { httpStatus: response.statusCode, message: envelope.message };
}

/** Sends fields as JSON to a back-office call. */
export const sendCall = (t: TestApp, name: string, fields: Record<string, unknown>) =>
  sendRawCall(t, name, 'application/json', JSON.stringify(fields));
