import { formOptionalDate, INSTANT_MESSAGE } from '@bo/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCallRegistry } from '../../src/calls';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { deepArrays, deepJson, nastyValue, unreadableBodies } from '../support/edge-values';

/**
 * Every registered call, from its own request schema: invalid variants of each field never get
 * a 5xx, a refusal names a field, and a refused request changes nothing in the database. So do
 * malformed bodies, instants at the edges of the accepted years, and the merchant API's signed
 * routes. The demo's money world (gateways, contracts, API key) is there, so calls reach past
 * their lookups.
 */
let t: MoneyApp;
const registry = buildCallRegistry();
const names = registry.names().sort();

beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(() => t.close());

/** The request fields a call's schema names (its object shape). */
function shapeOf(name: string): Record<string, unknown> {
  return (registry.get(name)!.def.request as { shape?: Record<string, unknown> }).shape ?? {};
}
const fieldsOf = (name: string) => Object.keys(shapeOf(name));

const NOT_TEXT = 'must be valid UTF-8 text without NUL characters';

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

/** Sends a body as it is; answers the HTTP status and the envelope, which must match it. */
async function sendRaw(name: string, contentType: string, payload: string | Buffer) {
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

const send = (name: string, fields: Record<string, unknown>) =>
  sendRaw(name, 'application/json', JSON.stringify(fields));

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

describe('malformed bodies, on every call, before sign-in', () => {
  it('answers each with a 4xx in the envelope, changing nothing', async () => {
    const before = await tableCounts();
    const bodies = await unreadableBodies({ email: 'a@b.c', password: 'x' });
    for (const name of names) {
      for (const body of bodies) {
        const answer = await sendRaw(name, body.contentType, body.payload);
        expect(answer.httpStatus, `${name}: ${body.label}`).toBe(body.status);
        expect(answer.message, `${name}: ${body.label}`).toMatch(body.message);
      }
    }
    // A path the router cannot decode is answered in the envelope too.
    const badPath = await t.app.inject({ method: 'POST', url: '/controller/admin/%ED%A0%80' });
    expect(badPath.json()).toMatchObject({ status: 400, message: expect.any(String) });
    // As deep as the body limit allows (400 KB): nothing on the way recurses. Once: it costs.
    const deepest = await sendRaw('login', 'application/json', `{"email":${deepArrays(2e5)}}`);
    expect(deepest).toMatchObject({ httpStatus: 400, message: expect.stringMatching(/^email\.0/) });
    expect(await tableCounts()).toBe(before);
  });
});

/** The date and instant fields of a call (every one is `formOptionalDate`). */
const dateFieldsOf = (name: string) =>
  Object.entries(shapeOf(name))
    .filter(([, schema]) => schema === formOptionalDate)
    .map(([field]) => field);
const dateCalls = names.filter((name) => dateFieldsOf(name).length > 0);

/** Who asks a date call, and the fields it needs besides its dates, so they are read at all. */
async function askerOf(name: string): Promise<[string, Record<string, string>]> {
  const [merchant, reseller] = [await t.accountId('MER00001'), await t.accountId('RES00001')];
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM contracts WHERE merchant_account_id = $1 ORDER BY id LIMIT 1',
    [merchant],
  );
  const contractId = rows[0]!.id;
  const needs: Record<string, [string, Record<string, string>]> = {
    getMerchantNotificationLog: ['merchant@demo.test', {}],
    getUsdtWalletLedger: ['admin@demo.test', { merchantId: merchant }],
    getMerchantStatement: ['admin@demo.test', { merchantId: merchant }],
    getResellerEarningStatement: ['admin@demo.test', { resellerId: reseller, currency: 'THB' }],
    getDetailedProfitReport: ['admin@demo.test', { id: reseller }],
    getContractLedger: ['admin@demo.test', { contractId }],
    getResellerContractLedger: ['admin@demo.test', { contractId }],
  };
  return needs[name] ?? ['admin@demo.test', {}];
}

describe('instants at the edges of the accepted years (2000–2999), for every date field', () => {
  it.each(dateCalls)(
    '%s: served at the edges, in the zones beside them; refused past them',
    async (name) => {
      const [email, needed] = await askerOf(name);
      const auth = await t.signIn(email);
      const fields = dateFieldsOf(name);
      const ask = (extra: Record<string, string>) => send(name, { ...auth, ...needed, ...extra });
      // The last instant in the zone furthest east (its day is 3000-01-01), the first in the west.
      const edges: [Record<string, string>, number][] = [
        [{ to: '2999-12-31T23:59:59.999Z', timeZone: 'Australia' }, 200],
        [{ from: '2999-12-01T00:00:00Z', to: '2999-12-31T23:59:59.999Z', timeZone: 'India' }, 200],
        [{ from: '2000-01-01T00:00:00Z', to: '2000-01-31T23:59:59Z', timeZone: 'Brazil' }, 200],
        [{ at: '2000-01-01T00:00:00Z', timeZone: 'Brazil' }, 200],
        // A balance is not told for the future: refused, but by the report, not the date check.
        [{ at: '2999-12-31T23:59:59.999Z', timeZone: 'Australia' }, 400],
      ];
      for (const [edge, status] of edges.filter(([e]) => fields.some((f) => f in e))) {
        const answer = await ask(edge);
        expect(answer.httpStatus, `${name} ${JSON.stringify(edge)}: ${answer.message}`).toBe(
          status,
        );
        expect(answer.message).not.toContain(INSTANT_MESSAGE);
      }
      for (const field of fields) {
        for (const past of ['9999-12-31T23:59:59.999Z', '3000-01-01', '1999-12-31T23:59:59Z']) {
          const answer = await ask({ [field]: past, timeZone: 'Thailand' });
          expect(answer, `${name} ${field}=${past}`).toMatchObject({
            httpStatus: 400,
            message: `${field} ${INSTANT_MESSAGE}`,
          });
        }
      }
    },
  );
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

describe('the merchant API (/api/v1, signed): no 5xx on any input', () => {
  type ApiError = { error: { code: string; message: string } };
  const PAYIN = { amount: '10.00', currency: 'THB', order_id: 'fuzz-1' };
  const PAYOUT = { ...PAYIN, bank_name: 'SCB', account_number: '111', account_holder: 'A' };
  const WRITES = { '/api/v1/payins': PAYIN, '/api/v1/payouts': PAYOUT } as const;
  const paths = Object.keys(WRITES) as (keyof typeof WRITES)[];
  const writeCounts = async () =>
    Promise.all(['payins', 'payouts', 'idempotency_keys'].map((table) => t.count(table)));

  /** Every refusal is the API's own error shape, never the back office's envelope. */
  const expectApiAnswer = (r: { status: number; body: unknown }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body).slice(0, 200)}`).toBeLessThan(500);
    if (r.status >= 400)
      expect(r.body, what).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
  };

  it('refuses NUL in any field of a write with 400 naming it, changing nothing', async () => {
    const before = await writeCounts();
    for (const path of paths) {
      for (const field of [...Object.keys(WRITES[path]), 'notify_url']) {
        const body = { ...WRITES[path], [field]: 'a\u0000b' };
        const r = await t.api<ApiError>('POST', path, body);
        expect(r, `${path} ${field}`).toMatchObject({
          status: 400,
          body: { error: { code: 'bad_request', message: `${field} ${NOT_TEXT}` } },
        });
      }
    }
    expect(await writeCounts()).toEqual(before);
  });

  it('answers malformed bodies with 400 in its shape, changing nothing', async () => {
    const before = await writeCounts();
    const valid = (path: keyof typeof WRITES, orderId: string) =>
      JSON.stringify({ ...WRITES[path], order_id: orderId });
    const deep = /is nested too deeply/;
    type Body = { rawBody?: string; bytes?: Buffer; contentType?: string };
    const bodies = (path: keyof typeof WRITES): [string, Body, RegExp][] => [
      ['JSON 4,000 deep', { rawBody: `{"order_id":${deepJson(4_000)}}` }, deep],
      ['JSON 20,000 deep', { rawBody: deepArrays(20_000) }, deep],
      ['deep, as multipart', { rawBody: deepJson(100), contentType: 'multipart/form-data' }, deep],
      ['JSON cut short', { rawBody: '{"amount": ' }, /^The body must be JSON/],
      ['an array', { rawBody: '[1, 2]' }, /./],
      ['empty', { rawBody: '' }, /is required/],
      // Read as U+FFFD, which the back office refuses too: not text anyone sent.
      ['bytes not UTF-8', { bytes: Buffer.from(valid(path, 'o-\xff'), 'latin1') }, /^order_id/],
    ];
    for (const path of paths) {
      for (const [label, options, message] of bodies(path)) {
        const r = await t.api<ApiError>('POST', path, undefined, options);
        expect(r, `${path} ${label}`).toMatchObject({
          status: 400,
          body: { error: { code: 'bad_request' } },
        });
        expect(r.body.error.message, `${path} ${label}`).toMatch(message);
      }
    }
    for (const id of [
      '%00',
      '%ED%A0%80',
      'x'.repeat(2_000),
      '00000000-0000-0000-0000-000000000000',
    ])
      for (const kind of ['payins', 'payouts'])
        expectApiAnswer(await t.api('GET', `/api/v1/${kind}/${id}`), `${kind}/${id.slice(0, 40)}`);
    expect(await writeCounts()).toEqual(before);
  });

  it('invalid variants of a write get a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom('amount', 'currency', 'order_id', 'bank_name', 'notify_url', 'extra'),
          nastyValue,
          { minKeys: 1, maxKeys: 3 },
        ),
        async (path, variant) => {
          const r = await t.api('POST', path, { ...WRITES[path], ...variant });
          expectApiAnswer(r, `${path} ${JSON.stringify(variant).slice(0, 200)}`);
        },
      ),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
