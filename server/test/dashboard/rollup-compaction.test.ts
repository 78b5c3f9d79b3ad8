import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { compactRollups } from '../../src/ledger/rollup-compaction';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { ADMIN, RESELLER, startMoneyApp, type MoneyApp } from '../money/support/money-app';

let t: MoneyApp;

beforeAll(async () => {
  t = await startMoneyApp();
  await seedDemoMoney(t.db, { days: 10, payinsPerDay: 80 });
  await createPayinsThroughTheApi(0, 40);
}, 240_000);

/** Pay-ins made as merchants make them: each transition picks a random rollup slot. */
async function createPayinsThroughTheApi(from: number, to: number) {
  for (let i = from; i < to; i++) {
    const created = await t.api('POST', '/api/v1/payins', {
      amount: `${100 + i}.00`,
      currency: 'THB',
      order_id: `compaction-${i}`,
    });
    expect(created.status).toBe(201);
  }
}
afterAll(() => t.close());

/** Every rollup table's sums per key with the slot left out, and how many slot rows there are. */
async function snapshot() {
  const read = async (sql: string) =>
    (await t.db.query<Record<string, unknown>>(sql)).rows.map((r) =>
      JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
    );
  return {
    dashboard:
      await read(`SELECT owner_account_id, period, period_start::text, currency, kind, status, sum(count)::text AS c, sum(volume)::text AS v
                             FROM dashboard_rollups GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(count) <> 0 OR sum(volume) <> 0 ORDER BY 1, 2, 3, 4, 5, 6`),
    chart:
      await read(`SELECT owner_account_id, currency, kind, granularity, bucket::text, sum(count)::text AS c, sum(volume)::text AS v
                         FROM chart_rollups GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`),
    gateway:
      await read(`SELECT gateway_code, period, period_start::text, status, sum(count)::text AS c, sum(volume)::text AS v
                           FROM gateway_rollups GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0 OR sum(volume) <> 0 ORDER BY 1, 2, 3, 4`),
  };
}

async function slotRows() {
  const { rows } = await t.db.query<{ n: bigint }>(
    `SELECT (SELECT count(*) FROM dashboard_rollups WHERE slot > 0) + (SELECT count(*) FROM chart_rollups WHERE slot > 0)
          + (SELECT count(*) FROM gateway_rollups WHERE slot > 0) AS n`,
  );
  return rows[0]!.n;
}

/** What the admin and a reseller see: the month's and the day's chart, and the cards, in two zones. */
async function dashboards() {
  const seen = [];
  for (const email of [ADMIN, RESELLER])
    for (const [statisticsType, timeZone] of [
      ['1M', 'Default'],
      ['1D', 'Default'],
      ['7D', 'India'],
    ] as const)
      seen.push(
        (await t.as(email, 'getReportDashboardV3', { currency: 'THB', statisticsType, timeZone }))
          .data,
      );
  return seen;
}

async function scopeRows() {
  const { rows } = await t.db.query<{ n: bigint }>(
    `SELECT (SELECT count(*) FROM dashboard_scope_rollups) + (SELECT count(*) FROM chart_scope_rollups) AS n`,
  );
  return rows[0]!.n;
}

describe('rollup compaction', () => {
  it('folds every slot row into slot 0 without changing a single sum or dashboard figure', async () => {
    expect(await slotRows()).toBeGreaterThan(0n);
    const before = await snapshot();
    const dashboardsBefore = await dashboards();
    expect(await compactRollups(t.db)).toBeGreaterThan(0);
    expect(await slotRows()).toBe(0n);
    const after = await snapshot();
    expect(after.dashboard).toEqual(before.dashboard);
    expect(after.chart).toEqual(before.chart);
    expect(after.gateway).toEqual(before.gateway);
    expect(after.gateway.length).toBeGreaterThan(0);
    // The platform's and a reseller's figures now come from scope rows alone: the same.
    expect(await dashboards()).toEqual(dashboardsBefore);
    expect(await scopeRows()).toBeGreaterThan(0n);
    await t.expectCleanLedger();
  });

  it('is a no-op with nothing to fold, and writers can go on after it', async () => {
    expect(await compactRollups(t.db)).toBe(0);
    await createPayinsThroughTheApi(40, 80);
    expect(await slotRows()).toBeGreaterThan(0n);
    await compactRollups(t.db);
    expect(await slotRows()).toBe(0n);
    await t.expectCleanLedger();
  });

  it("names a scope row that differs from its merchants' folded rows", async () => {
    const shift = (by: number) =>
      t.db.exec(`
        UPDATE dashboard_scope_rollups SET volume = volume + ${by} WHERE period = 'month' AND status = 'success';
        UPDATE chart_scope_rollups SET count = count + ${by} WHERE granularity = 'hour';`);
    await shift(1);
    const drift = await findLedgerDrift(t.db);
    expect(drift.some((d) => d.startsWith('dashboard_scope_rollups drift: '))).toBe(true);
    expect(drift.some((d) => d.startsWith('chart_scope_rollups drift: '))).toBe(true);
    await shift(-1);
    await t.expectCleanLedger();
  });
});
