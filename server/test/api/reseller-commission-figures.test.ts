import { formatAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { ADMIN, RESELLER, startMoneyApp, type MoneyApp } from '../money/support/money-app';

/**
 * Issue 25: a reseller's commission reads the same on every screen that shows it, with a
 * withdrawal pending. The balance settlement's closing is the total (available + reserved for
 * pending withdrawals) and says both parts; the earning statement ends on the available
 * balance and shows the reserved part and the total; the dashboard card and the admin's
 * reseller detail show the same three figures and this month's earnings. Every figure is
 * recomputed here from the journal's entries.
 */

type Row = Record<string, string>;
let t: MoneyApp;
let resellerId: string;
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 7)}-01`;
const PERIOD = { from: `${monthStart}T00:00:00Z`, to: `${today}T23:59:59Z`, currency: 'THB' };

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 3, payinsPerDay: 40 });
  resellerId = await t.accountId('RES00001');
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** The sum of the reseller's entries on one commission account (all of them, or this month's). */
async function journal(
  purpose: string,
  { since, kinds }: { since?: string; kinds?: 'earned' | 'withdrawn' } = {},
) {
  const { rows } = await t.db.query<{ s: bigint | null }>(
    `SELECT sum(e.amount)::bigint AS s FROM entries e
       JOIN ledger_accounts la ON la.id = e.ledger_account_id
       JOIN journal j ON j.id = e.journal_id
      WHERE la.owner_kind = 'account' AND la.owner_id = $1 AND la.currency = 'THB'
        AND la.purpose = $2 AND ($3::timestamptz IS NULL OR e.created_at >= $3)
        AND ($4::text IS NULL OR (j.kind LIKE 'withdrawal.%') = ($4 = 'withdrawn'))`,
    [resellerId, purpose, since ?? null, kinds ?? null],
  );
  return BigInt(rows[0]?.s ?? 0n);
}

async function read<T>(email: string, call: string, fields: Record<string, string>) {
  const answer = await t.as<T>(email, call, fields);
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

describe('a reseller with a withdrawal pending', () => {
  let pending: bigint;
  beforeAll(async () => {
    const before = await journal('commission');
    expect(before).toBeGreaterThan(10_000n);
    pending = (before / 2n / 100n) * 100n; // whole baht, half of what it may withdraw
    const request = await t.as<{ status: string }>(RESELLER, 'requestWithdrawal', {
      currency: 'THB',
      amount: formatAmount(pending, 'THB'),
      bankName: 'BBL',
      accountNumber: '9',
      accountHolder: 'Andaman',
    });
    expect(request.data.status).toBe('pending');
  });

  it('ends the balance settlement and the earning statement on figures that add up', async () => {
    const available = await journal('commission');
    const reserved = await journal('commission_reserved');
    expect(reserved).toBe(pending);
    const thb = (v: bigint) => formatAmount(v, 'THB');

    const settlement = await read<{ rows: Row[] }>(
      RESELLER,
      'getResellerBalanceSettlement',
      PERIOD,
    );
    expect(settlement.rows).toHaveLength(1);
    expect(settlement.rows[0]).toMatchObject({
      available: thb(available),
      reserved: thb(reserved),
      closing: thb(available + reserved),
      difference: thb(0n),
    });

    const statement = await read<{ totals: Row[] }>(
      RESELLER,
      'getResellerEarningStatement',
      PERIOD,
    );
    expect(statement.totals[0]).toMatchObject({
      closing: thb(available),
      reserved: thb(reserved),
      total: thb(available + reserved),
    });
    // Same period, same figures: the statement's closing is the settlement's available part.
    expect(statement.totals[0]!.closing).toBe(settlement.rows[0]!.available);
    expect(statement.totals[0]!.total).toBe(settlement.rows[0]!.closing);
  });

  it("shows the same commission on the reseller's dashboard card and the admin's detail", async () => {
    const available = await journal('commission');
    const reserved = await journal('commission_reserved');
    const since = `${monthStart}T00:00:00Z`;
    const earned =
      (await journal('commission', { since, kinds: 'earned' })) +
      (await journal('commission_reserved', { since, kinds: 'earned' }));
    const withdrawn = -(
      (await journal('commission', { since, kinds: 'withdrawn' })) +
      (await journal('commission_reserved', { since, kinds: 'withdrawn' }))
    );
    const thb = (v: bigint) => formatAmount(v, 'THB');
    const expected = {
      available: thb(available),
      reserved: thb(reserved),
      total: thb(available + reserved),
    };

    const dashboard = await read<{
      commission: Row[];
      top_balance_resellers: Row[];
    }>(RESELLER, 'getReportDashboardV3', { currency: 'THB' });
    expect(dashboard.commission).toEqual([
      {
        currency: 'THB',
        ...expected,
        earned_this_month: thb(earned),
        // The seed's weekly withdrawals may fall in this month's first days (the pending one
        // only reserves): what the journal says was withdrawn, not a fixed 0.00.
        withdrawn_this_month: thb(withdrawn),
      },
    ]);
    // The top list's amount is the available part, as its label says.
    expect(dashboard.top_balance_resellers[0]).toMatchObject({ amount: expected.available });

    const detail = await read<{ balances: Row[] }>(ADMIN, 'getResellerDetail', {
      resellerDbCode: 'RES00001',
    });
    expect(detail.balances.find((b) => b.currency === 'THB')).toMatchObject({
      commission: expected.available,
      commission_reserved: expected.reserved,
      total: expected.total,
      earned_this_month: thb(earned),
      withdrawn_this_month: thb(withdrawn),
    });

    // An admin looking at the reseller's dashboard sees its card; its own has none.
    const asAdmin = await read<{ commission: Row[] }>(ADMIN, 'getReportDashboardV3', {
      currency: 'THB',
      accountDbCode: 'RES00001',
    });
    expect(asAdmin.commission).toEqual(dashboard.commission);
    const platform = await read<{ commission: Row[] }>(ADMIN, 'getReportDashboardV3', {});
    expect(platform.commission).toEqual([]);
  });
});
