import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildCallRegistry } from '../../src/calls';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every registered call, from its own request schema: invalid variants of each field never get
 * a 5xx, a refusal names a field, and a refused request changes nothing in the database.
 */
let t: TestApp;
const registry = buildCallRegistry();
const names = registry.names().sort();

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The request fields a call's schema names (its object shape). */
function fieldsOf(name: string): string[] {
  const schema = registry.get(name)!.def.request as z.ZodType & { shape?: Record<string, unknown> };
  return Object.keys(schema.shape ?? {});
}

/** Row counts of every table a refused request must not touch (sign-in bookkeeping aside). */
async function tableCounts(): Promise<string> {
  const { rows } = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'sign_in_failures', 'sign_in_challenges', 'schema_migrations')
      ORDER BY table_name`,
  );
  const counts: string[] = [];
  for (const { table_name } of rows) {
    // A refused attempt may be audited (a wrong current password is); nothing else may change.
    const refusalsAside = table_name === 'admin_logs' ? ` WHERE outcome <> 'failure'` : '';
    const c = await t.db.query<{ n: bigint }>(
      `SELECT count(*)::bigint AS n FROM "${table_name}"${refusalsAside}`,
    );
    counts.push(`${table_name}=${c.rows[0]!.n}`);
  }
  return counts.join(' ');
}

async function send(name: string, fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/controller/admin/${name}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(fields),
  });
  return { httpStatus: response.statusCode, ...(response.json() as { message: string }) };
}

/** Values no form should send: control characters, odd dates and numbers, huge or nested. */
const NASTY = [
  'a\u0000b',
  '\ud800',
  '-1',
  '0',
  '2026-11-23 garbage 99',
  '2026-02-31',
  '1e400',
  'NaN',
  '-0.000000001',
  '99999999999999999999999999.99',
  'x'.repeat(5_000),
  '00000000-0000-0000-0000-000000000000',
  ' ',
];
const nastyValue = fc.oneof(
  fc.constantFrom<unknown>(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom<unknown>({ nested: { deep: 1 } }, ['a', 'b'], 12, true, null),
);

describe('no 5xx on any input, for every call', () => {
  it('refuses NUL and broken text in any field with a 400 naming it, before anything runs', async () => {
    const before = await tableCounts();
    for (const name of names) {
      for (const field of fieldsOf(name)) {
        for (const bad of ['a\u0000b', 'ok\ud800', 'caf\ufffd']) {
          const answer = await send(name, { [field]: bad });
          expect(answer.httpStatus, `${name}.${field}`).toBe(400);
          expect(answer.message).toBe(`${field} must be valid UTF-8 text without NUL characters`);
        }
      }
    }
    // Nested too, and through the form encodings (invalid UTF-8 bytes arrive as U+FFFD).
    expect((await send('login', { email: { inner: 'a\u0000' } })).message).toBe(
      'email.inner must be valid UTF-8 text without NUL characters',
    );
    const bytes = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=%FF%FE&password=x',
    });
    expect(bytes.statusCode).toBe(400);
    expect(await tableCounts()).toBe(before);
  });

  it.each(names)('%s: invalid variants of its fields get a 4xx, never a 5xx', async (name) => {
    const fields = fieldsOf(name);
    if (fields.length === 0) return;
    const auth = await t.signIn('admin@demo.test');
    const before = await tableCounts();
    let everyAnswerRefused = true;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields), nastyValue, { minKeys: 1, maxKeys: 3 }),
        async (variant) => {
          const answer = await send(name, { ...auth, ...variant });
          expect(
            answer.httpStatus,
            `${name} ${JSON.stringify(variant).slice(0, 200)}`,
          ).toBeLessThan(500);
          if (answer.httpStatus === 400) {
            // A refusal names a field of the call, or says what is wrong with the whole body.
            const named = [...fields, 'accessToken', 'accessUsername'].some((f) =>
              answer.message.startsWith(f),
            );
            expect(named || /^The request/.test(answer.message), answer.message).toBe(true);
          }
          if (answer.httpStatus < 400) everyAnswerRefused = false;
        },
      ),
      { numRuns: 12, seed: 20261124 },
    );
    // A call that refused every variant changed nothing.
    if (everyAnswerRefused) expect(await tableCounts()).toBe(before);
  });
});

describe('dates are ISO-8601 within sane bounds', () => {
  it('refuses what Date.parse would misread', async () => {
    const auth = await t.signIn('admin@demo.test');
    for (const from of [
      '-1',
      '0',
      '2026-11-23 garbage 99',
      '2026-02-31',
      '0999-01-01',
      '2026-11-24T25:00',
    ]) {
      const answer = await send('getAdminLogs', { ...auth, from });
      expect(answer.httpStatus, from).toBe(400);
      expect(answer.message).toMatch(/^from must be an ISO-8601 date/);
    }
    for (const from of ['2026-11-24', '2026-11-24T09:30:00Z', '2026-11-24 09:30:00+07:00']) {
      expect((await send('getAdminLogs', { ...auth, from })).httpStatus, from).toBe(200);
    }
  });
});
