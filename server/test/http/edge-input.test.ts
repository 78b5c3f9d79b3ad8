import {
  apiCreatePayin,
  apiCreatePayout,
  apiCreateRefund,
  apiDisputeEvidence,
  apiListQuery,
} from '@bo/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCallRegistry } from '../../src/calls';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { DEMO_PASSWORD } from '../support/test-app';
import {
  requestShapeOf,
  sendCall,
  sendRawCall,
  SIGNED_REQUEST_TABLES,
  tableCounts,
} from '../support/edge-calls';
import {
  deepArrays,
  deepJson,
  nastyValue,
  NUL_TEXT,
  unreadableBodies,
} from '../support/edge-values';

/**
 * Every registered call, from its own request schema: invalid variants of each field never get
 * a 5xx, a refusal names a field, and a refused request changes nothing in the database. So do
 * malformed bodies and the merchant API's signed routes (instants at the edges of the accepted
 * years: `edge-instants.test.ts`). The demo's money world (gateways, contracts, API key) is there, so calls reach past
 * their lookups.
 */
let t: MoneyApp;
const registry = buildCallRegistry();
const names = registry.names().sort();

beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(() => t.close());

const fieldsOf = (name: string) => Object.keys(requestShapeOf(registry, name));

const NOT_TEXT = 'must be valid UTF-8 text without NUL characters';

const sendRaw = (name: string, contentType: string, payload: string | Buffer) =>
  sendRawCall(t, name, contentType, payload);
const send = (name: string, fields: Record<string, unknown>) => sendCall(t, name, fields);

describe('no 5xx on any input, for every call', () => {
  it('refuses NUL and broken text in any field with a 400 naming it, before anything runs', async () => {
    const before = await tableCounts(t.db);
    for (const name of names) {
      for (const field of fieldsOf(name)) {
        for (const bad of [NUL_TEXT, 'ok\ud800', 'caf\ufffd']) {
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
    // A header kept with the request (the user agent, in the admin log and the session) too.
    const agent = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/login',
      headers: { 'content-type': 'application/json', 'user-agent': NUL_TEXT },
      payload: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
    });
    expect(agent.json()).toMatchObject({ status: 400, message: `User-Agent ${NOT_TEXT}` });
    expect(await tableCounts(t.db)).toBe(before);
  });

  it.each(names)('%s: invalid variants of its fields get a 4xx, never a 5xx', async (name) => {
    const fields = fieldsOf(name);
    if (fields.length === 0) return;
    const auth = await t.signIn('admin@demo.test');
    const before = await tableCounts(t.db);
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
    if (everyAnswerRefused) expect(await tableCounts(t.db)).toBe(before);
  });
});

describe('malformed bodies, on every call, before sign-in', () => {
  it('answers each with a 4xx in the envelope, changing nothing', async () => {
    const before = await tableCounts(t.db);
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
    expect(await tableCounts(t.db)).toBe(before);
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

  /** Every write route of the API with the fields of its body, from the contract's schemas. */
  const SOME_ID = '00000000-0000-4000-8000-000000000000';
  const WRITE_FIELDS: [string, object, string[]][] = [
    ['/api/v1/payins', PAYIN, Object.keys(apiCreatePayin.shape)],
    ['/api/v1/payouts', PAYOUT, Object.keys(apiCreatePayout.shape)],
    ['/api/v1/refunds', { amount: '1.00' }, Object.keys(apiCreateRefund.shape)],
    [`/api/v1/disputes/${SOME_ID}/evidence`, {}, Object.keys(apiDisputeEvidence.shape)],
  ];
  const LISTS = ['payins', 'refunds', 'disputes'];
  const LIST_FILTERS = Object.keys(apiListQuery(['x']).shape);

  it('refuses NUL in any field, filter or signing header with 400 naming it, changing nothing', async () => {
    // A body is read once the request is authenticated: its signature is noted as seen.
    const before = await tableCounts(t.db, SIGNED_REQUEST_TABLES);
    const refusedNaming = (field: string) => ({
      status: 400,
      body: { error: { code: 'bad_request', message: `${field} ${NOT_TEXT}` } },
    });
    for (const [path, valid, fields] of WRITE_FIELDS)
      for (const field of fields) {
        const r = await t.api<ApiError>('POST', path, { ...valid, [field]: NUL_TEXT });
        expect(r, `${path} ${field}`).toMatchObject(refusedNaming(field));
      }
    // The query string reaches SQL too (filters, the cursor), and so do two headers.
    for (const list of LISTS)
      for (const filter of LIST_FILTERS) {
        const r = await t.api('GET', `/api/v1/${list}?${filter}=${encodeURIComponent(NUL_TEXT)}`);
        expect(r, `${list}?${filter}`).toMatchObject(refusedNaming(filter));
      }
    const idempotency = await t.api('POST', '/api/v1/payins', PAYIN, { idempotencyKey: NUL_TEXT });
    expect(idempotency).toMatchObject(refusedNaming('Idempotency-Key'));
    const key = await t.api('GET', '/api/v1/balance', undefined, { keyId: NUL_TEXT });
    expect(key).toMatchObject(refusedNaming('X-Api-Key'));
    expect(await tableCounts(t.db, SIGNED_REQUEST_TABLES)).toBe(before);
  });

  it('invalid variants of a list query get a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS),
        fc.dictionary(fc.constantFrom(...LIST_FILTERS, 'extra'), nastyValue, { maxKeys: 3 }),
        async (list, variant) => {
          const query = new URLSearchParams(
            Object.entries(variant).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          );
          const r = await t.api('GET', `/api/v1/${list}?${query.toString()}`);
          expectApiAnswer(r, `${list}?${query.toString().slice(0, 200)}`);
        },
      ),
      { numRuns: 30, seed: 20261202 },
    );
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
