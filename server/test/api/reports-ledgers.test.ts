import { formatAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccountId, type Purpose } from '../../src/ledger/ledger-accounts';
import { foldReportRollups } from '../../src/ledger/report-folding';
import { seedDemoMoney } from '../../src/seed/demo-money';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  SUB,
  type MoneyApp,
} from '../money/support/money-app';

// Five days of demo history up to 2 Nov 2026; reports read 31 Oct – 1 Nov (crossing a month).
const PERIOD = { from: '2026-10-31T00:00:00Z', to: '2026-11-01T23:59:59Z' };
// The same days in India (+05:30): the day boundary splits the transactions differently.
const PERIOD_IST = {
  from: '2026-10-30T18:30:00Z',
  to: '2026-11-01T18:29:59Z',
  timeZone: 'India',
};
const WIDE_ZONES = [
  {
    fields: { from: '2026-10-27T00:00:00Z', to: '2026-11-02T23:59:59Z' },
    start: '2026-10-27T00:00:00Z',
    end: '2026-11-03T00:00:00Z',
  },
  {
    fields: { from: '2026-10-26T18:30:00Z', to: '2026-11-02T18:29:59Z', timeZone: 'India' },
    start: '2026-10-26T18:30:00Z',
    end: '2026-11-02T18:30:00Z',
  },
];
const ZONES = [
  { fields: PERIOD, start: '2026-10-31T00:00:00Z', end: '2026-11-02T00:00:00Z' },
  { fields: PERIOD_IST, start: '2026-10-30T18:30:00Z', end: '2026-11-01T18:30:00Z' },
];

interface LedgerAnswer {
  rows: { entry_id: string; debit: string | null; credit: string | null; balance: string }[];
  total: number;
  totals: { opening: string; credits: string; debits: string; closing: string; entries: number }[];
  differences: string[];
  ledger: { owner_db_code: string; currency: string };
}

let t: MoneyApp;
const ids: Record<string, string> = {};
let contractMer1Thb: string;
let contractMer4Myr: string;

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 5, payinsPerDay: 60, today: new Date('2026-11-02T00:00:00Z') });
  for (const code of ['MER00001', 'MER00002', 'MER00004', 'RES00001', 'RES00002'])
    ids[code] = await t.accountId(code);
  const contract = async (merchant: string, currency: string) =>
    (
      await t.db.query<{ id: string }>(
        'SELECT id FROM contracts WHERE merchant_account_id = $1 AND currency = $2 LIMIT 1',
        [ids[merchant], currency],
      )
    ).rows[0]!.id;
  contractMer1Thb = await contract('MER00001', 'THB');
  contractMer4Myr = await contract('MER00004', 'MYR');
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const account = (owner: string, currency: string, purpose: Purpose) =>
  ledgerAccountId({ ownerKind: 'account', ownerId: ids[owner]!, currency, purpose });

/** The ledger recomputed from the entries themselves. */
async function expectedLedger(ledger: string, currency: string, start: string, end: string) {
  const { rows: before } = await t.db.query<{ s: bigint | null }>(
    'SELECT sum(amount)::bigint AS s FROM entries WHERE ledger_account_id = $1 AND created_at < $2',
    [ledger, start],
  );
  const { rows } = await t.db.query<{ id: string; amount: bigint }>(
    `SELECT id::text AS id, amount FROM entries
      WHERE ledger_account_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at, id`,
    [ledger, start, end],
  );
  const opening = BigInt(before[0]!.s ?? 0n);
  let balance = opening;
  let credits = 0n;
  let debits = 0n;
  const entries = rows.map((r) => {
    const amount = BigInt(r.amount);
    balance += amount;
    if (amount > 0n) credits += amount;
    else debits -= amount;
    return {
      entry_id: r.id,
      debit: amount < 0n ? formatAmount(-amount, currency) : null,
      credit: amount > 0n ? formatAmount(amount, currency) : null,
      balance: formatAmount(balance, currency),
    };
  });
  const f = (v: bigint) => formatAmount(v, currency);
  return {
    entries,
    totals: {
      opening: f(opening),
      credits: f(credits),
      debits: f(debits),
      closing: f(balance),
      entries: entries.length,
    },
  };
}

/** Reads every page of a ledger report (a small page size, so the running balance crosses pages). */
async function readLedger(email: string, call: string, fields: Record<string, string>) {
  const first = await t.as<LedgerAnswer>(email, call, { ...fields, pageSize: '7' });
  expect(first.status, first.message).toBe(200);
  const rows = [...first.data.rows];
  for (let page = 2; (page - 1) * 7 < first.data.total; page++) {
    const next = await t.as<LedgerAnswer>(email, call, {
      ...fields,
      pageSize: '7',
      page: String(page),
    });
    rows.push(...next.data.rows);
  }
  return { ...first.data, rows };
}

async function exportCsv(email: string, call: string, fields: Record<string, string>) {
  const session = await t.signIn(email);
  const response = await t.app.inject({
    method: 'POST',
    url: '/controller/admin/exportList',
    payload: { ...session, ...fields, call, format: 'csv' },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function expectLedgerRight(
  email: string,
  call: string,
  fields: Record<string, string>,
  ledger: string,
  currency: string,
  zones = ZONES,
) {
  for (const zone of zones) {
    const all = { ...fields, ...zone.fields };
    const answer = await readLedger(email, call, all);
    const expected = await expectedLedger(ledger, currency, zone.start, zone.end);
    expect(expected.entries.length, 'the period has entries').toBeGreaterThan(0);
    expect(
      answer.rows.map((r) => ({
        entry_id: r.entry_id,
        debit: r.debit,
        credit: r.credit,
        balance: r.balance,
      })),
    ).toEqual(expected.entries);
    expect(answer.totals).toEqual([expect.objectContaining(expected.totals)]);
    expect(answer.total).toBe(expected.entries.length);
    expect(answer.differences).toEqual([]);
    const csv = await exportCsv(email, call, all);
    for (const row of expected.entries) expect(csv).toContain(row.entry_id);
    const lines = csv
      .split('\n')
      .filter((l) =>
        expected.entries.some(
          (e) => l.startsWith(`${e.entry_id},`) || l.includes(`,${e.entry_id},`),
        ),
      );
    expect(lines.length).toBe(expected.entries.length);
    expect(lines.at(-1)).toContain(expected.totals.closing);
  }
}

describe('contract ledgers', () => {
  it('lists a merchant contract ledger with running balance, reconciled, for admin, reseller, merchant and sub-account', async () => {
    const ledger = account('MER00001', 'THB', 'available');
    for (const email of [ADMIN, RESELLER, MERCHANT, SUB])
      await expectLedgerRight(
        email,
        'getContractLedger',
        { contractId: contractMer1Thb },
        ledger,
        'THB',
      );
  });

  it('reads the same after the rollups fold into zone days', async () => {
    await foldReportRollups(t.db, new Date('2100-01-01'));
    await expectLedgerRight(
      ADMIN,
      'getContractLedger',
      { contractId: contractMer1Thb },
      account('MER00001', 'THB', 'available'),
      'THB',
    );
  });

  it('lists a reseller commission ledger', async () => {
    await expectLedgerRight(
      ADMIN,
      'getResellerContractLedger',
      { contractId: contractMer4Myr },
      account('RES00002', 'MYR', 'commission'),
      'MYR',
    );
    await expectLedgerRight(
      RESELLER,
      'getResellerContractLedger',
      { contractId: contractMer1Thb, resellerId: ids.RES00001! },
      account('RES00001', 'THB', 'commission'),
      'THB',
    );
  });

  it('lists the reseller earning statement', async () => {
    await expectLedgerRight(
      RESELLER,
      'getResellerEarningStatement',
      { currency: 'THB' },
      account('RES00001', 'THB', 'commission'),
      'THB',
    );
    await expectLedgerRight(
      ADMIN,
      'getResellerEarningStatement',
      { resellerId: ids.RES00002!, currency: 'MYR' },
      account('RES00002', 'MYR', 'commission'),
      'MYR',
    );
  });

  it('keeps each caller to its scope', async () => {
    const other = await t.as(RESELLER2, 'getContractLedger', { contractId: contractMer1Thb });
    expect(other.status).toBe(404);
    expect(other.message).toContain('contractId');
    expect(
      (await t.as(MERCHANT2, 'getContractLedger', { contractId: contractMer1Thb })).status,
    ).toBe(404);
    expect(
      (await t.as(MERCHANT, 'getResellerContractLedger', { contractId: contractMer1Thb })).status,
    ).toBe(403);
    expect(
      (await t.as(MERCHANT, 'getMerchantStatement', { merchantId: ids.MER00001! })).status,
    ).toBe(403);
    expect((await t.as(MERCHANT, 'getResellerEarningStatement', {})).status).toBe(403);
    expect(
      (await t.as(RESELLER, 'getResellerEarningStatement', { resellerId: ids.RES00002! })).status,
    ).toBe(404);
    expect(
      (await t.as(RESELLER2, 'getMerchantStatement', { merchantId: ids.MER00001! })).status,
    ).toBe(404);
    expect(
      (await t.as(MERCHANT2, 'getUsdtWalletLedger', { merchantId: ids.MER00001! })).status,
    ).toBe(404);
    const bad = await t.as(ADMIN, 'getContractLedger', { contractId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('contractId');
  });

  it('offers the contracts in scope', async () => {
    const mine = await t.as<{ rows: { merchant_db_code: string }[] }>(
      MERCHANT,
      'getLedgerContracts',
    );
    expect(new Set(mine.data.rows.map((r) => r.merchant_db_code))).toEqual(new Set(['MER00001']));
    const reseller = await t.as<{ rows: { merchant_db_code: string }[] }>(
      RESELLER2,
      'getLedgerContracts',
    );
    expect(new Set(reseller.data.rows.map((r) => r.merchant_db_code))).toEqual(
      new Set(['MER00004', 'MER00005']),
    );
  });
});

describe('merchant statement and USDT wallet', () => {
  const COLUMNS: Record<string, string> = {
    payin: 'payins',
    payout: 'payouts',
    settlement: 'settlements',
    settlement_wallet: 'settlements',
    top_up: 'top_ups',
    refund: 'refunds',
    dispute: 'disputes',
  };

  /** The statement recomputed from the entries and their journals. */
  async function expectedStatement(merchant: string, start: string, end: string) {
    const { rows } = await t.db.query<{
      currency: string;
      lifecycle: string;
      period: boolean;
      s: bigint;
    }>(
      `SELECT la.currency, split_part(j.kind, '.', 1) AS lifecycle, e.created_at >= $3 AS period,
              sum(e.amount)::bigint AS s
         FROM entries e JOIN journal j ON j.id = e.journal_id
         JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE la.owner_id = $1
          AND la.purpose IN ('available', 'reserved', 'payout_available', 'payout_reserved',
                             'disputed', 'dispute_shortfall')
          AND e.created_at < $2
        GROUP BY 1, 2, 3`,
      [merchant, end, start],
    );
    const out = new Map<string, Record<string, bigint>>();
    for (const r of rows) {
      const s = out.get(r.currency) ?? {
        opening: 0n,
        payins: 0n,
        payouts: 0n,
        settlements: 0n,
        top_ups: 0n,
        refunds: 0n,
        disputes: 0n,
        adjustments: 0n,
        closing: 0n,
      };
      const amount = BigInt(r.s);
      if (r.period) s[COLUMNS[r.lifecycle] ?? 'adjustments']! += amount;
      else s.opening! += amount;
      s.closing! += amount;
      out.set(r.currency, s);
    }
    return [...out.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, s]): Record<string, string> => ({
        currency,
        ...Object.fromEntries(Object.entries(s).map(([k, v]) => [k, formatAmount(v, currency)])),
      }));
  }

  it('states a merchant per currency, reconciled, in two zones, for admin and its reseller', async () => {
    for (const zone of ZONES) {
      const expected = await expectedStatement(ids.MER00001!, zone.start, zone.end);
      expect(expected.length).toBe(3);
      expect(expected.some((r) => r.refunds !== formatAmount(0n, r.currency!))).toBe(true);
      for (const email of [ADMIN, RESELLER]) {
        const answer = await t.as<{ rows: unknown[]; totals: unknown[]; differences: string[] }>(
          email,
          'getMerchantStatement',
          { merchantId: ids.MER00001!, ...zone.fields },
        );
        expect(answer.status, answer.message).toBe(200);
        expect(answer.data.rows).toEqual(expected);
        expect(answer.data.differences).toEqual([]);
      }
      const csv = await exportCsv(ADMIN, 'getMerchantStatement', {
        merchantId: ids.MER00001!,
        ...zone.fields,
      });
      for (const row of expected) expect(csv).toContain(row.closing!);
    }
  });

  it('lists a merchant USDT wallet ledger', async () => {
    const { rows } = await t.db.query<{ code: string }>(
      `SELECT a.account_db_code AS code FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
         JOIN accounts a ON a.id = la.owner_id
        WHERE la.purpose = 'usdt_wallet' AND e.created_at >= $1 AND e.created_at < $2
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      [WIDE_ZONES[0]!.start, WIDE_ZONES[1]!.end],
    );
    expect(rows.length, 'the demo history settles to a USDT wallet').toBe(1);
    const code = rows[0]!.code;
    ids[code] ??= await t.accountId(code);
    await expectLedgerRight(
      ADMIN,
      'getUsdtWalletLedger',
      { merchantId: ids[code]! },
      account(code, 'USDT', 'usdt_wallet'),
      'USDT',
      WIDE_ZONES,
    );
  });
});
