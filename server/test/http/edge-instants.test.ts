import { API_INSTANT_MESSAGE, formDate, formOptionalDate, INSTANT_MESSAGE } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCallRegistry } from '../../src/calls';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import {
  requestShapeOf,
  sendCall,
  SIGNED_REQUEST_TABLES,
  tableCounts,
} from '../support/edge-calls';
import { EDGE_YEAR_INSTANTS } from '../support/edge-values';

/**
 * Every instant both APIs take (the back office's date and instant fields, the merchant API's
 * list filters) lies within the accepted years (2000–2999), or is refused with a 400 naming the
 * field: served at the edges, in the zones beside them; refused past them, changing nothing.
 */
let t: MoneyApp;
const registry = buildCallRegistry();
const names = registry.names().sort();

beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(() => t.close());

const send = (name: string, fields: Record<string, unknown>) => sendCall(t, name, fields);

/** The date and instant fields of a call (every one is `formOptionalDate` or `formDate`). */
const dateFieldsOf = (name: string) =>
  Object.entries(requestShapeOf(registry, name))
    .filter(([, schema]) => schema === formOptionalDate || schema === formDate)
    .map(([field]) => field);
const dateCalls = names.filter((name) => dateFieldsOf(name).length > 0);

/** Who asks a date call, and the fields it needs besides its dates, so they are read at all. */
async function askerOf(name: string): Promise<[string, Record<string, string>]> {
  const [merchant, reseller] = [await t.accountId('MER00001'), await t.accountId('RES00001')];
  const first = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ id: string }>(sql, params)).rows[0]!.id;
  const contractId = await first(
    'SELECT id FROM contracts WHERE merchant_account_id = $1 ORDER BY id LIMIT 1',
    [merchant],
  );
  const gatewayId = await first('SELECT id FROM payment_gateways ORDER BY id LIMIT 1');
  const needs: Record<string, [string, Record<string, string>]> = {
    getMerchantNotificationLog: ['merchant@demo.test', {}],
    getBalancesAt: ['merchant@demo.test', {}],
    getLedgerEntries: ['merchant@demo.test', { currency: 'THB' }],
    getUsdtWalletLedger: ['admin@demo.test', { merchantId: merchant }],
    getMerchantStatement: ['admin@demo.test', { merchantId: merchant }],
    getResellerEarningStatement: ['admin@demo.test', { resellerId: reseller, currency: 'THB' }],
    getDetailedProfitReport: ['admin@demo.test', { id: reseller }],
    getContractLedger: ['admin@demo.test', { contractId }],
    getResellerContractLedger: ['admin@demo.test', { contractId }],
    importSandboxStatement: ['admin@demo.test', { gatewayId }],
    // No such list: its fields are read (and refused) before the list is looked for.
    addRiskListEntry: [
      'admin@demo.test',
      { listId: '00000000-0000-4000-8000-000000000000', value: 'a@example.com', reason: 'Edge' },
    ],
  };
  return needs[name] ?? ['admin@demo.test', {}];
}

/** A call that writes with its instants (a statement's period), rather than filters by them. */
const WRITES = new Set(['importSandboxStatement', 'addRiskListEntry']);

describe('the back office: every date and instant field', () => {
  it.each(dateCalls.filter((name) => !WRITES.has(name)))(
    '%s: served at the edges, in the zones beside them',
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
      // 2999 as written, 3000 in UTC: within the rule, and PostgreSQL reads it.
      for (const field of fields) {
        const answer = await ask({ [field]: EDGE_YEAR_INSTANTS.servedPastTheEdge });
        expect(answer.httpStatus, `${name} ${field}: ${answer.message}`).toBeLessThan(500);
        expect(answer.message).not.toContain(INSTANT_MESSAGE);
      }
    },
  );

  it('refuses every edge year in every such field with a 400 naming it, changing nothing', async () => {
    const askers = await Promise.all(dateCalls.map(askerOf));
    const emails = [...new Set(askers.map(([email]) => email))];
    const sessions = new Map(
      await Promise.all(emails.map(async (e) => [e, await t.signIn(e)] as const)),
    );
    const before = await tableCounts(t.db);
    for (const [i, name] of dateCalls.entries()) {
      const [email, needed] = askers[i]!;
      const auth = sessions.get(email)!;
      const fields = dateFieldsOf(name);
      // The other fields of the call valid: only the one field under test can be refused.
      const valid = Object.fromEntries(fields.map((f) => [f, '2026-11-01T00:00:00Z']));
      for (const field of fields)
        for (const past of [...EDGE_YEAR_INSTANTS.refused, '3000-01-01', '0999-01-01']) {
          const answer = await send(name, {
            ...auth,
            ...needed,
            ...valid,
            [field]: past,
            timeZone: 'Thailand',
          });
          expect(answer, `${name} ${field}=${past}`).toMatchObject({
            httpStatus: 400,
            message: `${field} ${INSTANT_MESSAGE}`,
          });
        }
    }
    expect(await tableCounts(t.db)).toBe(before);
  });

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

describe('the merchant API: every list filter that is an instant', () => {
  type ApiAnswer = { data?: unknown[]; error?: { code: string; message: string } };
  const LISTS = ['payins', 'refunds', 'disputes'] as const;
  const FILTERS = ['created_from', 'created_to'] as const;

  it('refuses every edge year with a 400 naming the filter as the API spells it', async () => {
    const before = await tableCounts(t.db, SIGNED_REQUEST_TABLES);
    for (const list of LISTS)
      for (const filter of FILTERS)
        for (const past of EDGE_YEAR_INSTANTS.refused) {
          const r = await t.api<ApiAnswer>(
            'GET',
            `/api/v1/${list}?${filter}=${encodeURIComponent(past)}`,
          );
          expect(r, `${list} ${filter}=${past}`).toMatchObject({
            status: 400,
            body: { error: { code: 'bad_request', message: `${filter} ${API_INSTANT_MESSAGE}` } },
          });
        }
    expect(await tableCounts(t.db, SIGNED_REQUEST_TABLES)).toBe(before);
  });

  it('serves the edges of the years, and 2999 in a zone that is 3000 in UTC', async () => {
    for (const list of LISTS)
      for (const [filter, instant] of [
        ['created_from', '2000-01-01T00:00:00Z'],
        ['created_to', '2999-12-31T23:59:59.999Z'],
        ['created_to', EDGE_YEAR_INSTANTS.servedPastTheEdge],
      ]) {
        const r = await t.api<ApiAnswer>(
          'GET',
          `/api/v1/${list}?${filter}=${encodeURIComponent(instant!)}`,
        );
        expect(r, `${list} ${filter}=${instant}`).toMatchObject({ status: 200 });
      }
  });
});
