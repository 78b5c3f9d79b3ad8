import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatAmount,
  getReportDashboardV3,
  ianaZoneOf,
  parseAmount,
  type TimezoneChoice,
} from '@bo/contract';
import type { z } from 'zod';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { settleDemoPayins } from '../../src/seed/demo-api-traffic';
import { createPayins } from '../../src/modules/payins/payins.service';
import {
  changeSettlements,
  requestSettlements,
} from '../../src/modules/settlements/settlements.service';
import { demoSettlementDestination } from '../../src/seed/demo-queues';
import { dashboardDays } from '../../src/modules/dashboard/dashboard-time';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';
import { merchantIdsOf } from './expected-figures';
import { LONE_WRITER_SLOT } from '../../src/ledger/rollups';

type Dashboard = z.infer<typeof getReportDashboardV3.response>;
let t: MoneyApp;
const ZONES: TimezoneChoice[] = ['Default', 'Malaysia', 'India', 'Brazil', 'Vietnam', 'Australia'];
const MINUTE = 60_000;

/** The instant a zone's day (YYYY-MM-DD) starts: found by the minute, every zone starts on a half hour. */
function dayStartOf(day: string, zone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  for (let at = guess - 15 * 3_600_000; at <= guess + 15 * 3_600_000; at += 30 * MINUTE) {
    if (dashboardDays(new Date(at), zone).today === day) return new Date(at);
  }
  throw new Error(`no start of ${day} in ${zone}`);
}

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 3, payinsPerDay: 20 });
  // Successful pay-ins a minute either side of the start of today and of yesterday in every
  // zone of the test (18:29 / 18:31 UTC for India, 15:59 / 16:00 for Malaysia...).
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM accounts WHERE account_db_code = 'MER00001'`,
  );
  const merchantId = rows[0]!.id;
  const now = Date.now();
  const instants = new Set<number>();
  for (const choice of ZONES) {
    const zone = ianaZoneOf(choice);
    const days = dashboardDays(new Date(now), zone);
    for (const day of [days.today, days.yesterday]) {
      const start = dayStartOf(day, zone).getTime();
      for (const at of [start - MINUTE, start, start + MINUTE])
        if (at < now - 5 * MINUTE) instants.add(at);
    }
  }
  await t.db.transaction(async (tx) => {
    const items = [...instants].map((at, i) => ({
      merchantId,
      orderId: `zone-edge-${i}`,
      currency: 'THB',
      amount: 1_000_00n + BigInt(i) * 1_01n,
      createdAt: new Date(at),
    }));
    const created = await createPayins(tx, items, { slot: LONE_WRITER_SLOT });
    await settleDemoPayins(
      tx,
      created.map((payin) => ({ payin, final: 'success' as const })),
      { logged: false, until: new Date() },
    );
    // A settlement of each destination, completed now (today in every zone): a settlement
    // cell spans the bank and the wallet lists.
    const settled = await requestSettlements(
      tx,
      (['bank', 'usdt_wallet'] as const).map((destination, i) => ({
        merchantId,
        destination,
        currency: 'THB',
        amount: 100_00n + BigInt(i),
        ...demoSettlementDestination(destination),
        createdAt: new Date(),
      })),
      LONE_WRITER_SLOT,
    );
    await changeSettlements(
      tx,
      settled.flatMap((s) => [
        { id: s.id, status: 'approved' as const, at: new Date() },
        { id: s.id, status: 'completed' as const, at: new Date() },
      ]),
      LONE_WRITER_SLOT,
    );
  });
}, 240_000);
afterAll(() => t.close());

async function dashboard(fields: Record<string, string>) {
  const answer = await t.as<Dashboard>(ADMIN, 'getReportDashboardV3', {
    accountType: 'admin',
    currency: 'THB',
    ...fields,
  });
  expect(answer.status, answer.message).toBe(200);
  return getReportDashboardV3.response.parse(answer.data);
}

/** Successful THB volume of the platform's merchants created in [from, to), from the table. */
async function tableVolume(table: 'payins' | 'payouts', from: Date, to: Date) {
  const ids = await merchantIdsOf(t.db, { level: 'platform' });
  const { rows } = await t.db.query<{ v: bigint }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS v FROM ${table}
      WHERE merchant_account_id = ANY($1::uuid[]) AND currency = 'THB' AND status = 'success'
        AND created_at >= $2 AND created_at < $3`,
    [ids, from, to],
  );
  return formatAmount(rows[0]!.v, 'THB');
}

const sum = (values: readonly string[]) =>
  formatAmount(
    values.reduce((a, v) => a + parseAmount(v, 'THB')!, 0n),
    'THB',
  );

describe('the chart and the cards count the same days in the chosen zone (issue 40)', () => {
  for (const choice of ZONES) {
    it(`${choice}: the chart's today is TD and its yesterday YD, both the zone's days`, async () => {
      const zone = ianaZoneOf(choice);
      const answer = await dashboard({ statisticsType: '7D', timeZone: choice });
      expect(answer.time_zone).toBe(choice);
      const row = answer.currency_report.find((r) => r.currency === 'THB')!;
      const s = answer.statistics;
      const days = dashboardDays(new Date(), zone);
      expect(s.date.at(-1)).toBe(days.today);
      expect(s.date.at(-2)).toBe(days.yesterday);
      expect(s.payin.at(-1)).toBe(row.payin_today_volume);
      expect(s.payin.at(-2)).toBe(row.payin_yesterday_volume);
      expect(s.payouts.at(-1)).toBe(row.payout_today_volume);
      expect(s.payouts.at(-2)).toBe(row.payout_yesterday_volume);
      // ...and those are the table's figures of the zone's days, edges included.
      const todayStart = dayStartOf(days.today, zone);
      const yesterdayStart = dayStartOf(days.yesterday, zone);
      const farFuture = new Date('9999-01-01');
      expect(row.payin_today_volume).toBe(await tableVolume('payins', todayStart, farFuture));
      expect(row.payin_yesterday_volume).toBe(
        await tableVolume('payins', yesterdayStart, todayStart),
      );
      expect(row.payout_today_volume).toBe(await tableVolume('payouts', todayStart, farFuture));
      // The totals are the sums of the points.
      expect(s.total_payin).toBe(sum(s.payin));
      expect(s.total_payout).toBe(sum(s.payouts));
    });
  }

  it('1M and 1Y end with the same today and this month as the cards', async () => {
    for (const choice of ['India', 'Brazil'] as const) {
      const month = await dashboard({ statisticsType: '1M', timeZone: choice });
      const row = month.currency_report.find((r) => r.currency === 'THB')!;
      expect(month.statistics.date).toHaveLength(30);
      expect(month.statistics.payin.at(-1)).toBe(row.payin_today_volume);
      const year = await dashboard({ statisticsType: '1Y', timeZone: choice });
      expect(year.statistics.date).toHaveLength(12);
      expect(year.statistics.payin.at(-1)).toBe(row.payin_this_month_volume);
      expect(year.statistics.total_payin).toBe(sum(year.statistics.payin));
    }
  });

  it('1D: the last 24 hours of the zone, India’s on the half hour, from the table', async () => {
    for (const choice of ['India', 'Malaysia', 'Default'] as const) {
      const zone = ianaZoneOf(choice);
      const answer = await dashboard({ statisticsType: '1D', timeZone: choice });
      const s = answer.statistics;
      expect(s.date).toHaveLength(24);
      expect(s.date.every((label) => label.endsWith(':00'))).toBe(true);
      const now = Date.now();
      const intoHour = hourStartOf(now, zone);
      const first = new Date(intoHour - 23 * 3_600_000);
      const end = new Date(intoHour + 3_600_000);
      expect(s.total_payin).toBe(await tableVolume('payins', first, end));
      expect(s.total_payin).toBe(sum(s.payin));
    }
  });

  it('Total Payin and Total Payout equal the lists filtered the same way (getListTotals)', async () => {
    // (The chart's totals open these lists: figure-lists.ts, chartDays.)
    for (const [choice, type] of [
      ['India', '7D'],
      ['Malaysia', '1M'],
      ['Default', '7D'],
      ['India', '1Y'],
    ] as const) {
      const zone = ianaZoneOf(choice);
      const { statistics } = await dashboard({ statisticsType: type, timeZone: choice });
      const firstDay = type === '1Y' ? `${statistics.date[0]!}-01` : statistics.date[0]!;
      const from = dayStartOf(firstDay, zone).toISOString();
      const to = new Date(Date.now() + 3_600_000).toISOString();
      for (const [call, total] of [
        ['getPayinList', statistics.total_payin],
        ['getPayoutList', statistics.total_payout],
      ] as const) {
        const answer = await t.as<{ totals: { currency: string; amount: string }[] }>(
          ADMIN,
          'getListTotals',
          { call, currency: 'THB', status: 'success', from, to, timeZone: choice },
        );
        expect(answer.status, answer.message).toBe(200);
        expect(answer.data.totals.find((x) => x.currency === 'THB')?.amount ?? '0.00').toBe(total);
      }
    }
  });

  // Issue 44: a card's count and volume open the list that counts them (the web's
  // figureListUrl: the kind's list, its successful rows in the card's currency over the cell's
  // days in the zone), whose totals must be the figures, in every role's scope.
  it('every card cell is its list’s totals, for the admin, a reseller and a merchant', async () => {
    let settledThisMonth = 0;
    for (const [user, level] of [
      [ADMIN, 'platform'],
      [RESELLER, 'reseller'],
      [MERCHANT, 'merchant'],
    ] as const) {
      for (const choice of ['India', 'Default'] as const) {
        const answer = await t.as<Dashboard>(user, 'getReportDashboardV3', {
          currency: 'THB',
          timeZone: choice,
        });
        expect(answer.status, answer.message).toBe(200);
        const { currency_report, figures_of } = getReportDashboardV3.response.parse(answer.data);
        expect(figures_of).toMatchObject({ level, demo_left_out: false });
        const row = currency_report.find((r) => r.currency === 'THB')!;
        const zone = ianaZoneOf(choice);
        const days = dashboardDays(new Date(), zone);
        // The list's request: whole days as the zone's inclusive instants (rangeInstants).
        const start = (day: string) => dayStartOf(day, zone).toISOString();
        const end = (day: string) =>
          new Date(dayStartOf(day, zone).getTime() + 86_400_000 - 1).toISOString();
        const spans = {
          today: [start(days.today), end(days.today)],
          yesterday: [start(days.yesterday), end(days.yesterday)],
          this_month: [start(days.monthStart), end(days.today)],
        } as const;
        // A settlement's cell spans two lists (bank, wallet): their totals add up to it.
        for (const [kind, success, calls] of [
          ['payin', 'success', ['getPayinList']],
          ['payout', 'success', ['getPayoutList']],
          ['settlement', 'completed', ['getSettlementList', 'getSettlementWalletList']],
        ] as const) {
          for (const [period, [from, to]] of Object.entries(spans)) {
            let [count, amount] = [0, 0n];
            for (const call of calls) {
              const totals = await t.as<{
                totals: { currency: string; count: number; amount: string }[];
              }>(user, 'getListTotals', {
                call,
                currency: 'THB',
                status: success,
                from,
                to,
                timeZone: choice,
              });
              expect(totals.status, totals.message).toBe(200);
              const thb = totals.data.totals.find((x) => x.currency === 'THB');
              count += thb?.count ?? 0;
              amount += parseAmount(thb?.amount ?? '0', 'THB')!;
            }
            const cell = `${user} ${choice} ${kind} ${period}`;
            const figures = row as unknown as Record<string, string | number>;
            expect(formatAmount(amount, 'THB'), cell).toBe(figures[`${kind}_${period}_volume`]);
            expect(count, cell).toBe(figures[`${kind}_${period}_success_count`]);
            if (kind === 'settlement' && period === 'this_month') settledThisMonth += count;
          }
        }
      }
    }
    // The demo's settlements of this month were counted (the sums above are not all zeros).
    expect(settledThisMonth).toBeGreaterThan(0);
  });

  // A top-10 row's volume opens its owner's successful pay-ins of this UTC month
  // (figure-lists.ts, topVolumeListUrl), whose totals it is.
  it('every top-10 volume is its owner’s pay-in list totals of this UTC month', async () => {
    const days = dashboardDays(new Date());
    const from = `${days.monthStart}T00:00:00.000Z`;
    const to = `${days.today}T23:59:59.999Z`;
    let checked = 0;
    for (const user of [ADMIN, RESELLER, MERCHANT]) {
      const answer = await t.as<Dashboard>(user, 'getReportDashboardV3', {
        currency: 'THB',
        timeZone: 'India',
      });
      const { top_balance_merchants, top_balance_resellers } = getReportDashboardV3.response.parse(
        answer.data,
      );
      const rows = [
        ...top_balance_merchants.map((m) => [{ merchantDbCode: m.merchant_db_code }, m] as const),
        ...top_balance_resellers.map((r) => [{ resellerDbCode: r.reseller_db_code }, r] as const),
      ];
      for (const [owner, row] of rows) {
        const totals = await t.as<{ totals: { currency: string; amount: string }[] }>(
          user,
          'getListTotals',
          { call: 'getPayinList', currency: 'THB', status: 'success', from, to, ...owner },
        );
        expect(totals.status, totals.message).toBe(200);
        const thb = totals.data.totals.find((x) => x.currency === 'THB');
        expect(thb?.amount ?? '0.00', `${user} ${JSON.stringify(owner)}`).toBe(
          row.payin_this_month_volume,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('takes Default (UTC) when no zone is sent, and refuses an unknown one', async () => {
    const plain = await dashboard({ statisticsType: '7D' });
    expect(plain.time_zone).toBe('Default');
    const utc = await dashboard({ statisticsType: '7D', timeZone: 'Default' });
    expect(plain.currency_report).toEqual(utc.currency_report);
    const bad = await t.as(ADMIN, 'getReportDashboardV3', { timeZone: 'Mars' });
    expect(bad.status).toBe(400);
  });

  it('keeps the books clean', async () => {
    await t.expectCleanLedger();
  });
});

/** The start of the zone's hour holding `now` (every zone is a whole or half hour off UTC). */
function hourStartOf(now: number, zone: string): number {
  for (let at = now - (now % (30 * MINUTE)); ; at -= 30 * MINUTE) {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, minute: '2-digit' }).format(
      new Date(at),
    );
    if (Number(clock) === 0) return at;
  }
}
