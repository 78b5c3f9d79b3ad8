import { formatAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldReportRollups } from '../../src/ledger/report-folding';
import { seedDemoMoney } from '../../src/seed/demo-money';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  SUB,
  type MoneyApp,
} from '../money/support/money-app';

// Five days of demo history up to 2 Nov 2026; the reports read 31 Oct – 1 Nov (crossing a
// month) in UTC and in India (+05:30), where the day boundary splits the transactions.
const ZONES: { fields: Record<string, string>; start: string; end: string }[] = [
  {
    fields: { from: '2026-10-31T00:00:00Z', to: '2026-11-01T23:59:59Z' },
    start: '2026-10-31T00:00:00Z',
    end: '2026-11-02T00:00:00Z',
  },
  {
    fields: { from: '2026-10-30T18:30:00Z', to: '2026-11-01T18:29:59Z', timeZone: 'India' },
    start: '2026-10-30T18:30:00Z',
    end: '2026-11-01T18:30:00Z',
  },
];

const MERCHANT_PURPOSES = [
  'available',
  'reserved',
  'payout_available',
  'payout_reserved',
  'disputed',
  'dispute_shortfall',
];
const RESELLER_PURPOSES = ['commission', 'commission_reserved'];

type Row = Record<string, string>;
interface Answer {
  rows: Row[];
  total: number;
  totals: Row[];
  differences: string[];
}

let t: MoneyApp;

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 5, payinsPerDay: 60, today: new Date('2026-11-02T00:00:00Z') });
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** The test's own reading of which column a journal kind's lifecycle moves (outflows signed −). */
const MERCHANT_COLUMN: Record<string, [string, 1n | -1n]> = {
  payin: ['credited', 1n],
  settlement: ['settled_bank', -1n],
  settlement_wallet: ['settled_usdt', -1n],
  payout: ['paid_out', -1n],
  top_up: ['topped_up', 1n],
  refund: ['refunded', -1n],
  dispute: ['disputes_lost', -1n],
};
const merchantColumn = (kind: string) =>
  MERCHANT_COLUMN[kind.split('.')[0]!] ?? ['adjustments', 1n];
const resellerColumn = (kind: string): [string, 1n | -1n] =>
  kind.startsWith('withdrawal.') ? ['withdrawn', -1n] : ['earned', 1n];

/** Every row recomputed from the entries and journal (no rollups), in code and currency order. */
async function expectedRows(
  type: 'merchant' | 'reseller',
  start: string,
  end: string,
  codes?: readonly string[],
): Promise<Row[]> {
  const merchant = type === 'merchant';
  const purposes = merchant ? MERCHANT_PURPOSES : RESELLER_PURPOSES;
  const columnOf = merchant ? merchantColumn : resellerColumn;
  const columns = merchant
    ? [
        'credited',
        'settled_bank',
        'settled_usdt',
        'paid_out',
        'topped_up',
        'refunded',
        'disputes_lost',
        'adjustments',
      ]
    : ['earned', 'withdrawn'];
  const { rows: pairs } = await t.db.query<{
    id: string;
    code: string;
    name: string;
    currency: string;
  }>(
    `SELECT a.id::text AS id, a.account_db_code AS code, a.name, x.currency FROM accounts a
       JOIN (SELECT owner_id AS id, currency FROM ledger_accounts
              WHERE owner_kind = 'account' AND purpose = ANY($2::text[])
             UNION SELECT merchant_account_id, currency FROM contracts WHERE $1 = 'merchant') x
         ON x.id = a.id
      WHERE a.account_type = $1 AND a.parent_account_id IS NULL
      ORDER BY a.account_db_code, x.currency`,
    [type, purposes],
  );
  const { rows: entries } = await t.db.query<{
    owner: string;
    currency: string;
    purpose: string;
    kind: string;
    amount: bigint;
    at: Date;
  }>(
    `SELECT la.owner_id::text AS owner, la.currency, la.purpose, j.kind, e.amount, e.created_at AS at
       FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
       JOIN journal j ON j.id = e.journal_id
      WHERE la.owner_kind = 'account' AND la.purpose = ANY($1::text[]) AND e.created_at < $2`,
    [purposes, end],
  );
  const startAt = Date.parse(start);
  return pairs
    .filter((p) => !codes || codes.includes(p.code))
    .map((p) => {
      const v: Record<string, bigint> = {
        opening: 0n,
        closing: 0n,
        reserved: 0n,
        available: 0n,
        disputes_held: 0n,
      };
      for (const c of columns) v[c] = 0n;
      for (const e of entries) {
        if (e.owner !== p.id || e.currency !== p.currency) continue;
        const amount = BigInt(e.amount);
        v.closing! += amount;
        if (['reserved', 'payout_reserved', 'commission_reserved'].includes(e.purpose))
          v.reserved! += amount;
        if (e.purpose === 'commission') v.available! += amount;
        if (e.purpose === 'disputed') v.disputes_held! += amount;
        if (e.at.getTime() < startAt) v.opening! += amount;
        else {
          const [column, sign] = columnOf(e.kind);
          v[column]! += sign * amount;
        }
      }
      const f = (x: bigint) => formatAmount(x, p.currency);
      const figures: Row = { currency: p.currency, opening: f(v.opening!) };
      for (const c of columns) figures[c] = f(v[c]!);
      if (merchant)
        Object.assign(figures, { reserved: f(v.reserved!), disputes_held: f(v.disputes_held!) });
      // A reseller's closing in its parts: available (the commission account) and reserved.
      else Object.assign(figures, { available: f(v.available!), reserved: f(v.reserved!) });
      figures.closing = f(v.closing!);
      figures.difference = f(0n);
      return merchant
        ? {
            id: `${p.id}:${p.currency}`,
            merchant_id: p.id,
            merchant_db_code: p.code,
            merchant_name: p.name,
            ...figures,
          }
        : {
            id: `${p.id}:${p.currency}`,
            reseller_id: p.id,
            reseller_db_code: p.code,
            reseller_name: p.name,
            ...figures,
          };
    });
}

/** The totals per currency of the expected rows (every figure field summed). */
function totalsOf(rows: readonly Row[]): Row[] {
  const sums = new Map<string, Record<string, number>>();
  const figureKeys = (r: Row) =>
    Object.keys(r).filter((k) => !/(^id$|_id$|_db_code$|_name$|^currency$)/.test(k));
  for (const r of rows) {
    const s = sums.get(r.currency!) ?? {};
    for (const k of figureKeys(r)) s[k] = (s[k] ?? 0) + Math.round(Number(r[k]) * 1e8);
    sums.set(r.currency!, s);
  }
  return [...sums.keys()].sort().map((c) => {
    const s = sums.get(c)!;
    return {
      currency: c,
      ...Object.fromEntries(
        Object.entries(s).map(([k, v]) => [
          k,
          formatAmount(BigInt(v) / 10n ** BigInt(8 - decimalsOf(rows, c)), c),
        ]),
      ),
    };
  });
}
const decimalsOf = (rows: readonly Row[], currency: string) =>
  (rows.find((r) => r.currency === currency)!.opening!.split('.')[1] ?? '').length;

async function read(email: string, call: string, fields: Record<string, string>) {
  const answer = await t.as<Answer>(email, call, { ...fields, pageSize: '200' });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
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

/** Each expected row has exactly one export line, holding its figures in order. */
function expectExportHas(
  csv: string,
  rows: readonly Row[],
  code: string,
  figures: readonly string[],
) {
  const lines = csv.split('\n');
  for (const row of rows) {
    const line = lines.filter(
      (l) => l.includes(`,${row[code]},`) && l.includes(`,${row.currency},`),
    );
    expect(line.length, `${row[code]} ${row.currency}`).toBe(1);
    expect(line[0]).toContain(figures.map((f) => row[f]).join(','));
  }
}

const MERCHANT_FIGURES = [
  'opening',
  'credited',
  'settled_bank',
  'settled_usdt',
  'paid_out',
  'topped_up',
  'refunded',
  'disputes_lost',
  'adjustments',
  'reserved',
  'disputes_held',
  'closing',
  'difference',
];
const RESELLER_FIGURES = [
  'opening',
  'earned',
  'withdrawn',
  'available',
  'reserved',
  'closing',
  'difference',
];

describe('balance settlement reports', () => {
  it('settles every merchant per currency for the admin, in two zones, before and after the fold', async () => {
    for (const folded of [false, true]) {
      if (folded) await foldReportRollups(t.db, new Date('2100-01-01'));
      for (const zone of ZONES) {
        const expected = await expectedRows('merchant', zone.start, zone.end);
        expect(expected.length).toBeGreaterThan(5);
        expect(expected.some((r) => r.credited !== formatAmount(0n, r.currency!))).toBe(true);
        expect(expected.some((r) => r.refunded !== formatAmount(0n, r.currency!))).toBe(true);
        const answer = await read(ADMIN, 'getMerchantBalanceSettlement', zone.fields);
        expect(answer.rows).toEqual(expected);
        expect(answer.totals).toEqual(totalsOf(expected));
        expect(answer.differences).toEqual([]);
        if (!folded) {
          const csv = await exportCsv(ADMIN, 'getMerchantBalanceSettlement', zone.fields);
          expectExportHas(csv, expected, 'merchant_db_code', MERCHANT_FIGURES);
        }
      }
    }
  });

  it('shows a merchant and its sub-account only the merchant, and filters', async () => {
    const zone = ZONES[1]!;
    const expected = await expectedRows('merchant', zone.start, zone.end, ['MER00001']);
    for (const email of [MERCHANT, SUB])
      expect((await read(email, 'getMerchantBalanceSettlement', zone.fields)).rows).toEqual(
        expected,
      );
    const thb = await read(ADMIN, 'getMerchantBalanceSettlement', {
      ...zone.fields,
      merchantDbCode: 'MER00001',
      currency: 'THB',
    });
    expect(thb.rows).toEqual(expected.filter((r) => r.currency === 'THB'));
    const res2 = await read(ADMIN, 'getMerchantBalanceSettlement', {
      ...zone.fields,
      resellerDbCode: 'RES00002',
    });
    expect(new Set(res2.rows.map((r) => r.merchant_db_code))).toEqual(
      new Set(['MER00004', 'MER00005']),
    );
    const search = await read(ADMIN, 'getMerchantBalanceSettlement', {
      ...zone.fields,
      search: 'MER00002',
    });
    expect(new Set(search.rows.map((r) => r.merchant_db_code))).toEqual(new Set(['MER00002']));
  });

  it('settles every reseller commission per currency, in two zones', async () => {
    for (const zone of ZONES) {
      const expected = await expectedRows('reseller', zone.start, zone.end);
      expect(expected.some((r) => r.earned !== formatAmount(0n, r.currency!))).toBe(true);
      const answer = await read(ADMIN, 'getResellerBalanceSettlement', zone.fields);
      expect(answer.rows).toEqual(expected);
      expect(answer.totals).toEqual(totalsOf(expected));
      expect(answer.differences).toEqual([]);
      const own = await read(RESELLER, 'getResellerBalanceSettlement', zone.fields);
      expect(own.rows).toEqual(expected.filter((r) => r.reseller_db_code === 'RES00001'));
      const csv = await exportCsv(RESELLER, 'getResellerBalanceSettlement', zone.fields);
      expectExportHas(csv, own.rows, 'reseller_db_code', RESELLER_FIGURES);
    }
  });

  it('keeps each caller to its scope and refuses bad periods', async () => {
    expect((await t.as(RESELLER, 'getMerchantBalanceSettlement', {})).status).toBe(403);
    expect((await t.as(MERCHANT, 'getResellerBalanceSettlement', {})).status).toBe(403);
    const other = await t.as(MERCHANT, 'getMerchantBalanceSettlement', {
      merchantDbCode: 'MER00002',
    });
    expect(other.status).toBe(404);
    expect(other.message).toContain('merchantDbCode');
    const res = await t.as(RESELLER2, 'getResellerBalanceSettlement', {
      resellerDbCode: 'RES00001',
    });
    expect(res.status).toBe(404);
    const bad = await t.as(ADMIN, 'getMerchantBalanceSettlement', {
      from: '2026-11-02T00:00:00Z',
      to: '2026-11-01T00:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('to');
  });

  it('shows a difference when the books do not agree, never hiding it', async () => {
    // 2 to 20 November: the opening (the live balance less what moved from 2 Nov on) reads
    // November's month row less its first day, the closing (from 21 Nov on) November's last
    // days. A month row its day rows lack then shows: opening + movements ≠ closing.
    const fields = { from: '2026-11-02T00:00:00Z', to: '2026-11-20T23:59:59Z' };
    const before = await read(ADMIN, 'getResellerBalanceSettlement', fields);
    expect(before.differences).toEqual([]);
    const row = before.rows[0]!;
    const skew = [row.reseller_id, row.currency];
    await t.db.query(
      `INSERT INTO movement_months (zone, month, ledger_account_id, kind, credit, debit, count)
       SELECT 'UTC', '2026-11-01', id, 'test.skew', 1, 0, 1 FROM ledger_accounts
        WHERE owner_id = $1::uuid AND currency = $2 AND purpose = 'commission'`,
      skew,
    );
    const after = await read(ADMIN, 'getResellerBalanceSettlement', fields);
    const shown = after.rows.find((r) => r.id === row.id)!;
    expect(shown.difference).not.toBe(formatAmount(0n, row.currency!));
    expect(after.differences.join(' ')).toContain(row.reseller_db_code);
    await t.db.query(`DELETE FROM movement_months WHERE kind = 'test.skew'`);
    expect((await read(ADMIN, 'getResellerBalanceSettlement', fields)).differences).toEqual([]);
  });
});
