import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@bo/contract';
import { findLedgerBalance, platformKey } from '../../src/ledger/ledger-accounts';
import {
  ADMIN,
  ADMIN2,
  RESELLER,
  REJECTION,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { driftAroundMigration } from './support/migration-drift';

const ADMIN3 = 'admin3@demo.test';
type Figures = Record<string, string | number | null>;
interface Report {
  rows: Figures[];
  totals: Figures[];
  differences: string[];
}

/**
 * Balance adjustments in the profit reports (issue 41): an approved one is a platform cost, its
 * volume the net it credited owners (a debit negative), its platform profit minus that; the
 * total platform profit moves by exactly what the journal's platform account moved.
 */
describe('balance adjustments in the profit reports', () => {
  let t: MoneyApp;
  const cents = (v: string | number | null | undefined) => parseAmount(String(v), 'THB')!;
  const THB = (minor: bigint) => formatAmount(minor, 'THB');
  // Today, in UTC: where the adjustments made now are counted.
  const period = () => ({
    from: `${new Date().toISOString().slice(0, 10)}T00:00:00Z`,
    to: new Date(Date.now() + 3_600_000).toISOString(),
    timeZone: 'Default',
    currency: 'THB',
    pageSize: '200',
  });
  const read = async (email: string, call: string, fields: Record<string, string> = {}) => {
    const answer = await t.as<Report>(email, call, { ...period(), ...fields });
    expect(answer.status, answer.message).toBe(200);
    return answer.data;
  };
  const totalsOf = async (email: string, call: string) => (await read(email, call)).totals[0] ?? {};
  const platformEarned = () => findLedgerBalance(t.db, platformKey('THB', 'platform_fees'));

  /** Asks for an adjustment and approves (or rejects) it with every approval it needs. */
  async function adjust(
    fields: Record<string, string>,
    decision: 'approve' | 'reject' | 'leave' = 'approve',
  ): Promise<void> {
    const asked = await t.as<{ id: string; approvals_required: number }>(
      ADMIN3,
      'createAdjustment',
      {
        balance: 'available',
        currency: 'THB',
        reasonCode: 'goodwill',
        note: 'For the profit report',
        ...fields,
      },
    );
    expect(asked.status, asked.message).toBe(200);
    const { id } = asked.data;
    if (decision === 'reject') {
      const rejected = await t.as(ADMIN, 'rejectAdjustment', { id, ...REJECTION });
      expect(rejected.status, rejected.message).toBe(200);
      return;
    }
    if (decision === 'leave') return;
    for (const email of [ADMIN, ADMIN2].slice(0, asked.data.approvals_required)) {
      const approved = await t.as(email, 'approveAdjustment', { id });
      expect(approved.status, approved.message).toBe(200);
    }
  }

  beforeAll(async () => {
    t = await startMoneyApp();
  });
  afterAll(() => t.close());

  it('counts an approved credit as a platform cost and a debit as a gain, by their net', async () => {
    const profitBefore = await totalsOf(ADMIN, 'getProfitReport');
    const earningBefore = await totalsOf(ADMIN, 'getDailyEarningReport');
    const daysBefore = await totalsOf(ADMIN, 'getDailyTransactionsReport');
    const earnedBefore = await platformEarned();

    await adjust({ ownerDbCode: 'MER00001', direction: 'credit', amount: '100.00' });
    await adjust({ ownerDbCode: 'MER00001', direction: 'debit', amount: '30.00' });
    await adjust({
      ownerDbCode: 'RES00001',
      direction: 'credit',
      amount: '5.00',
      balance: 'commission',
    });
    // Neither a rejected nor a pending one counts.
    await adjust({ ownerDbCode: 'MER00001', direction: 'credit', amount: '40.00' }, 'reject');
    await adjust({ ownerDbCode: 'MER00001', direction: 'credit', amount: '41.00' }, 'leave');
    const net = 10_000n - 3_000n + 500n;

    const profit = await read(ADMIN, 'getProfitReport');
    const totals = profit.totals[0]!;
    const moved = (field: string, before: Figures = profitBefore) =>
      cents(totals[field]) - cents(before[field] ?? '0');
    expect(profit.differences).toEqual([]);
    expect(Number(totals.adjustment_count) - Number(profitBefore.adjustment_count ?? 0)).toBe(3);
    expect(THB(moved('adjustment_volume'))).toBe(THB(net));
    expect(THB(moved('adjustment_platform_profit'))).toBe(THB(-net));
    expect([totals.adjustment_fee, totals.adjustment_gateway_cost]).toEqual(['0.00', '0.00']);
    expect(totals.adjustment_reseller_commission).toBe('0.00');
    expect(moved('total_fee')).toBe(0n);
    expect(moved('total_reseller_commission')).toBe(0n);
    // The total platform profit moved by what the journal's platform account did: −net.
    expect(THB(moved('total_platform_profit'))).toBe(THB(-net));
    expect(THB((await platformEarned()) - earnedBefore)).toBe(THB(-net));
    // The reseller's own credit is in its own row.
    const reseller = profit.rows.find((r) => r.account_db_code === 'RES00001')!;
    expect(cents(reseller.adjustment_volume)).toBeGreaterThanOrEqual(500n);

    // The daily earning: the platform's profit, adjustments included, as in the profit report.
    const earning = await totalsOf(ADMIN, 'getDailyEarningReport');
    expect(
      THB(cents(earning.adjustment_earning) - cents(earningBefore.adjustment_earning ?? '0')),
    ).toBe(THB(-net));
    expect(THB(cents(earning.earning) - cents(earningBefore.earning ?? '0'))).toBe(THB(-net));

    // The daily transactions: every adjustment counted, the approved ones' net, in neither net.
    const days = await totalsOf(ADMIN, 'getDailyTransactionsReport');
    const count = (field: string) => Number(days[field]) - Number(daysBefore[field] ?? 0);
    expect([count('adjustment_count'), count('adjustment_success_count')]).toEqual([5, 3]);
    expect(count('adjustment_failed_count')).toBe(1);
    expect(THB(cents(days.adjustment_volume) - cents(daysBefore.adjustment_volume ?? '0'))).toBe(
      THB(net),
    );
    expect(days.net).toBe(daysBefore.net ?? '0.00');
    expect(days.available_net).toBe(daysBefore.available_net ?? '0.00');
    await t.expectCleanLedger();
  });

  it("shows a reseller its merchants' adjustments without the platform's profit", async () => {
    const answer = await read(RESELLER, 'getProfitReport');
    const merchant = answer.rows.find((r) => r.account_db_code === 'MER00001')!;
    expect(cents(merchant.adjustment_volume)).toBeGreaterThan(0n);
    expect(merchant.adjustment_platform_profit).toBeNull();
    expect(answer.totals[0]!.total_platform_profit).toBeNull();
    const detailed = await read(ADMIN, 'getDetailedProfitReport', {
      id: await t.accountId('RES00001'),
    });
    expect(detailed.rows.some((r) => cents(r.adjustment_volume) !== 0n)).toBe(true);
    expect(detailed.differences).toEqual([]);
  });

  it("an admin's row opens its adjustments: their list's count and credits − debits are its figures, and that negated its platform profit (issue 44)", async () => {
    /** The adjustments list's totals as the report's link asks them: approved, in the period. */
    const listed = async (narrow: Record<string, string>) => {
      const { from, to, currency } = period();
      const answer = await t.as<{ totals: { currency: string; count: number; amount: string }[] }>(
        ADMIN,
        'getListTotals',
        { call: 'getAdjustmentList', status: 'approved', currency, from, to, ...narrow },
      );
      expect(answer.status, answer.message).toBe(200);
      const found = answer.data.totals.find((x) => x.currency === 'THB');
      const volume = found?.amount ?? '0.00';
      // The platform profit's link names the list's amount negated (`amount_negated`).
      const platformProfit = THB(-parseAmount(volume, 'THB')!);
      return { count: found?.count ?? 0, volume, platformProfit };
    };
    const figures = (row: Figures) => ({
      count: Number(row.adjustment_count),
      volume: row.adjustment_volume,
      platformProfit: row.adjustment_platform_profit,
    });
    // A reseller's row: its own adjustments and its merchants' (the list's reseller filter).
    const profit = await read(ADMIN, 'getProfitReport');
    const reseller = profit.rows.find((r) => r.account_db_code === 'RES00001')!;
    expect(Number(reseller.adjustment_count)).toBeGreaterThanOrEqual(3);
    expect(await listed({ resellerDbCode: 'RES00001' })).toEqual(figures(reseller));
    // A detailed report's merchant row (of what no gateway moved): that merchant's.
    const detailed = await read(ADMIN, 'getDetailedProfitReport', {
      id: await t.accountId('RES00001'),
    });
    const merchant = detailed.rows.find(
      (r) => r.merchant_db_code === 'MER00001' && Number(r.adjustment_count) > 0,
    )!;
    expect(merchant.gateway_code).toBe('');
    expect(await listed({ merchantDbCode: 'MER00001' })).toEqual(figures(merchant));
  });

  it('migration 0925 adds the platform profit to the rollups of adjustments made before it', async () => {
    const profit = "sum(CASE a.direction WHEN 'credit' THEN -a.amount ELSE a.amount END)";
    // The rollups as they were: no profit (the migration, sign turned).
    const drift = await driftAroundMigration(t.db, '0925_adjustment_report_profit.sql', (sql) => {
      expect(sql).toContain(profit);
      return sql.replace(profit, `-${profit}`);
    });
    expect(drift.before.join('\n')).toMatch(/adjustment/);
    expect(drift.after).toEqual([]);
  });
});
