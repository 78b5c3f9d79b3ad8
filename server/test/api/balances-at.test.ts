import { formatAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldReportRollups } from '../../src/ledger/report-folding';
import { seedDemoMoney } from '../../src/seed/demo-money';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

// Balances at a past instant (issue 44): the same figure from the back office's call, the
// merchant API and a ledger report's closing, each equal to the entries summed before it.

interface BalancesAt {
  owner_db_code: string;
  at: string;
  rows: { currency: string; purpose: string; balance: string }[];
}
interface LedgerAnswer {
  totals: { closing: string }[];
}

/** Ledger report periods and the instant each ends at (UTC, and India's +05:30 days). */
const PERIODS: { fields: Record<string, string>; end: string }[] = [
  {
    fields: { from: '2026-10-29T00:00:00Z', to: '2026-10-31T23:59:59Z' },
    end: '2026-11-01T00:00:00Z',
  },
  {
    fields: { from: '2026-10-29T18:30:00Z', to: '2026-10-31T18:29:59Z', timeZone: 'India' },
    end: '2026-10-31T18:30:00Z',
  },
];
/** Instants inside days, on both sides of the fold of the 30-minute buckets. */
const MID_DAY = ['2026-10-30T13:17:05.123Z', '2026-11-01T00:00:00.001Z', '2026-11-01T23:59:59Z'];

let t: MoneyApp;
let merchantId: string;
let contractThb: string;

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 5, payinsPerDay: 60, today: new Date('2026-11-02T00:00:00Z') });
  merchantId = await t.accountId('MER00001');
  contractThb = (
    await t.db.query<{ id: string }>(
      `SELECT id FROM contracts WHERE merchant_account_id = $1 AND currency = 'THB' LIMIT 1`,
      [merchantId],
    )
  ).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** Every account of an owner summed from its entries before an instant (purpose → amount). */
async function summedFromEntries(ownerId: string, at: string) {
  const { rows } = await t.db.query<{ currency: string; purpose: string; s: bigint }>(
    `SELECT la.currency, la.purpose, coalesce(sum(e.amount), 0)::bigint AS s
       FROM ledger_accounts la LEFT JOIN entries e
         ON e.ledger_account_id = la.id AND e.created_at < $2
      WHERE la.owner_kind = 'account' AND la.owner_id = $1
      GROUP BY la.currency, la.purpose`,
    [ownerId, at],
  );
  return new Map(
    rows.map((r) => [`${r.currency}/${r.purpose}`, formatAmount(BigInt(r.s), r.currency)]),
  );
}

async function balancesAt(email: string, fields: Record<string, string>) {
  const r = await t.as<BalancesAt>(email, 'getBalancesAt', fields);
  expect(r.status, r.message).toBe(200);
  return r.data;
}

const byKey = (rows: BalancesAt['rows']) =>
  new Map(rows.map((r) => [`${r.currency}/${r.purpose}`, r.balance]));

describe('balances at a past instant', () => {
  it('equal the closing of the ledger report that ends at that instant, in UTC and India', async () => {
    for (const period of PERIODS) {
      const ledger = await t.as<LedgerAnswer>(MERCHANT, 'getContractLedger', {
        ...period.fields,
        contractId: contractThb,
      });
      expect(ledger.status, ledger.message).toBe(200);
      const answer = await balancesAt(MERCHANT, { at: period.end, currency: 'THB' });
      expect(answer.at).toBe(new Date(period.end).toISOString());
      const available = answer.rows.find((r) => r.purpose === 'available')!;
      expect(available.balance).toBe(ledger.data.totals[0]!.closing);
      expect(available.balance).not.toBe('0.00');
    }
  });

  it('equal every account’s entries summed before the instant, before and after the fold', async () => {
    for (const round of ['unfolded', 'folded']) {
      if (round === 'folded') await foldReportRollups(t.db, new Date('2100-01-01'));
      for (const at of MID_DAY) {
        const answer = await balancesAt(MERCHANT, { at });
        expect(byKey(answer.rows), `${round} ${at}`).toEqual(
          await summedFromEntries(merchantId, at),
        );
        expect(answer.rows.map((r) => r.currency)).toContain('THB');
      }
    }
  });

  it('are the same figures in the merchant API', async () => {
    const at = MID_DAY[0]!;
    const api = await t.api<{ at: string; balances: Record<string, string>[] }>(
      'GET',
      `/api/v1/balance?at=${encodeURIComponent(at)}`,
    );
    expect(api.status).toBe(200);
    expect(api.body.at).toBe(at);
    const office = byKey((await balancesAt(MERCHANT, { at })).rows);
    for (const b of api.body.balances)
      for (const purpose of ['available', 'reserved', 'payout_available', 'payout_reserved'])
        expect(b[purpose], `${b.currency} ${purpose}`).toBe(
          office.get(`${b.currency}/${purpose}`) ?? formatAmount(0n, b.currency!),
        );
    const now = await t.api<{ at?: string }>('GET', '/api/v1/balance');
    expect(now.status).toBe(200);
    expect(now.body.at).toBeUndefined();
    // A parameter it does not know is ignored, as before `at` (a cache-buster, say).
    expect((await t.api('GET', '/api/v1/balance?n=1')).status).toBe(200);
    for (const bad of ['2999-01-01T00:00:00Z', 'yesterday', '2026-10-30T10:00:00'])
      expect((await t.api('GET', `/api/v1/balance?at=${bad}`)).status, bad).toBe(400);
  });

  it('are read in scope: a reseller its merchants, an admin anyone, nobody another’s', async () => {
    const at = PERIODS[0]!.end;
    const own = byKey((await balancesAt(MERCHANT, { at })).rows);
    const asReseller = await balancesAt(RESELLER, { at, ownerId: merchantId });
    const asAdmin = await balancesAt(ADMIN, { at, ownerId: merchantId });
    expect(asReseller.owner_db_code).toBe('MER00001');
    expect(byKey(asReseller.rows)).toEqual(own);
    expect(byKey(asAdmin.rows)).toEqual(own);
    const reseller = await balancesAt(RESELLER, { at });
    expect(reseller.rows.map((r) => r.purpose)).toContain('commission');
    expect((await t.as(MERCHANT2, 'getBalancesAt', { at, ownerId: merchantId })).status).toBe(404);
    expect((await t.as(RESELLER2, 'getBalancesAt', { at, ownerId: merchantId })).status).toBe(404);
    expect((await t.as(ADMIN, 'getBalancesAt', { at })).status).toBe(400);
  });

  it('refuse an instant that is not one, or is in the future, changing nothing', async () => {
    for (const at of ['2026-02-31T00:00:00Z', 'soon', '', '2999-01-01T00:00:00Z']) {
      const r = await t.as(MERCHANT, 'getBalancesAt', { at });
      expect(r.status, at).toBe(400);
      expect(r.message).toMatch(/at/);
    }
  });
});
