import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { demoId, seedDemoMoney } from '../../src/seed/demo-money';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { openTestDatabase } from '../support/test-db';

let db: Db;
const today = new Date('2026-03-10T00:00:00Z');
const options = { days: 4, payinsPerDay: 150, today };

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction((tx) => seedDemoAccounts(tx));
});
afterAll(async () => {
  expect(await findLedgerDrift(db)).toEqual([]);
  await db.close();
});

const count = async (sql: string) => Number((await db.query<{ n: bigint }>(sql)).rows[0]!.n);

describe('the demo money world', () => {
  it('makes days of history through the lifecycles, with clean books', async () => {
    await seedDemoMoney(db, options);
    expect(
      await count(`SELECT count(*) AS n FROM payins WHERE order_id NOT LIKE 'DEMO-WAIT-%'`),
    ).toBe(600);
    const statuses = await db.query<{ status: string; n: bigint }>(
      'SELECT status, count(*) AS n FROM payins GROUP BY status',
    );
    const by = new Map(statuses.rows.map((r) => [r.status, Number(r.n)]));
    expect(by.get('success')! / 600).toBeGreaterThan(0.8);
    expect(by.get('failed')).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM payouts WHERE status = 'success'`),
    ).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM top_ups WHERE status = 'approved'`),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(DISTINCT currency) AS n FROM payins`)).toBeGreaterThanOrEqual(
      6,
    );
    expect(await findLedgerDrift(db)).toEqual([]);
  });

  it('leaves something waiting in every queue', async () => {
    const waiting = async (table: string, where: string) =>
      count(`SELECT count(*) AS n FROM ${table} WHERE ${where}`);
    expect(await waiting('payins', `status = 'processing'`)).toBeGreaterThan(0);
    expect(
      await waiting(
        'payins',
        `status = 'processing' AND created_at < now() - interval '15 minutes'`,
      ),
    ).toBeGreaterThan(0);
    expect(await waiting('payouts', `status = 'pending_approval'`)).toBeGreaterThan(0);
    expect(await waiting('payouts', `status = 'processing' AND is_in_house`)).toBeGreaterThan(0);
    expect(
      await waiting('settlements', `status = 'pending' AND destination = 'bank'`),
    ).toBeGreaterThan(0);
    expect(
      await waiting('settlements', `status = 'pending' AND destination = 'usdt_wallet'`),
    ).toBeGreaterThan(0);
    expect(await waiting('withdrawals', `status = 'pending'`)).toBeGreaterThan(0);
    expect(await waiting('top_ups', `status = 'pending'`)).toBeGreaterThan(0);
  });

  it('is deterministic and made once', async () => {
    const first = await db.query<{ id: string; amount: bigint; status: string }>(
      `SELECT id, amount, status FROM payins WHERE id = $1`,
      [demoId('2026-03-09:payin:7')],
    );
    expect(first.rows).toHaveLength(1);
    const journals = await count('SELECT count(*) AS n FROM journal');
    await seedDemoMoney(db, options);
    expect(await count('SELECT count(*) AS n FROM journal')).toBe(journals);
    const other = await openTestDatabase();
    try {
      await other.transaction((tx) => seedDemoAccounts(tx));
      await seedDemoMoney(other, { ...options, days: 2 });
      const again = await other.query<{ id: string; amount: bigint; status: string }>(
        `SELECT id, amount, status FROM payins WHERE id = $1`,
        [demoId('2026-03-09:payin:7')],
      );
      expect(again.rows).toEqual(first.rows);
    } finally {
      await other.close();
    }
  });
});
