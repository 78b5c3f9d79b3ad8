import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { runAfterOthers, runAlone } from '../../src/db/job-lock';
import { openPostgres } from '../../src/db/postgres';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { foldPendingCredits } from '../../src/ledger/postings';
import { foldReportRollups } from '../../src/ledger/report-folding';
import { compactRollups } from '../../src/ledger/rollup-compaction';
import { addToScopesSql, SCOPE_ROLLUPS } from '../../src/ledger/scope-rollups';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { seedDemoFoundation } from '../../src/seed/seed-demo-world';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/**
 * Background jobs on several server processes (docs/operations.md): `runAlone` lets one
 * process at a time run a job, and the folding jobs stay exact even when two run at once.
 * Two pools on one database stand for two processes.
 */
const onPostgres = testDatabaseKind() === 'postgres';

let a: Db;
let b: Db;

beforeAll(async () => {
  a = await openTestDatabase();
  if (!onPostgres) return;
  const { rows } = await a.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  b = await openPostgres(url.toString());
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A promise with its resolve function, to hold a job open while the other process tries. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe.skipIf(onPostgres)('runAlone on the embedded database', () => {
  it('runs the work: one process owns the database', async () => {
    expect(await runAlone(a, 1, async () => 42)).toEqual({ ran: true, value: 42 });
    await expect(
      runAlone(a, 1, async () => {
        throw new Error('job failed');
      }),
    ).rejects.toThrow('job failed');
  });
});

describe.runIf(onPostgres)('runAlone on PostgreSQL', () => {
  it('skips a job another process is running, at once, and runs it once that one is done', async () => {
    const held = gate();
    const started = gate();
    const first = runAlone(a, 7_340_001, async () => {
      started.open();
      await held.opened;
      return 'first';
    });
    await started.opened;
    expect(await runAlone(b, 7_340_001, async () => 'second')).toEqual({ ran: false });
    // Another job's lock is another number.
    expect(await runAlone(b, 7_340_002, async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });
    held.open();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await runAlone(b, 7_340_001, async () => 'second')).toEqual({
      ran: true,
      value: 'second',
    });
  });

  it('passes a failure on once, without running the work again, and lets the lock go', async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      runAlone(a, 7_340_003, async () => {
        runs++;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(1);
    expect(await runAlone(b, 7_340_003, async () => 'after')).toEqual({
      ran: true,
      value: 'after',
    });
  });

  it('lets a process wait for another to finish one-time work, then do its own', async () => {
    const held = gate();
    const started = gate();
    const order: string[] = [];
    const first = runAfterOthers(a, 7_340_005, async () => {
      started.open();
      await held.opened;
      order.push('first');
    });
    await started.opened;
    const second = runAfterOthers(b, 7_340_005, async () => order.push('second'));
    await new Promise((r) => setTimeout(r, 100)); // the second waits, however long the first takes
    expect(order).toEqual([]);
    held.open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('makes the demo foundation once when two processes start on a fresh database at once', async () => {
    await Promise.all(
      [a, b].map((db) => runAfterOthers(db, 7_340_006, () => seedDemoFoundation(db))),
    );
    const { rows } = await a.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM accounts WHERE email = 'admin@demo.test'`,
    );
    expect(rows[0]!.n).toBe(1n);
  });

  it('holds nothing once done: no advisory lock is left on the database', async () => {
    await runAlone(a, 7_340_004, async () => undefined);
    const { rows } = await b.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7340004`,
    );
    expect(rows[0]!.n).toBe(0n);
  });

  /**
   * Splits every slot-0 rollup row in two, half of it in a slot of its own, as concurrent
   * writers leave them (the seed's older days write slot 0 only; its recent days go through
   * the live write path, which may have filled the slot already): sums stay as they were, and
   * the scope rows follow slot 0.
   */
  async function spreadOverSlots() {
    const tables = [
      ['gateway_rollups', 'gateway_code, period, period_start, status', ['count', 'volume']],
      [
        'dashboard_rollups',
        'owner_account_id, period, period_start, currency, kind, status',
        ['count', 'volume'],
      ],
      [
        'chart_rollups',
        'owner_account_id, currency, kind, granularity, bucket',
        ['count', 'volume'],
      ],
    ] as const;
    // Scope rows hold their merchants' slot-0 sums: take out what moves to the other slots.
    for (const t of SCOPE_ROLLUPS)
      await a.exec(
        addToScopesSql(
          t,
          `SELECT owner_account_id, ${t.key.join(', ')}, -(count - count / 2) AS count,
                  -(volume - volume / 2) AS volume FROM ${t.table} WHERE slot = 0`,
        ),
      );
    for (const [table, key, sums] of tables)
      await a.exec(`
        INSERT INTO ${table} (${key}, slot, ${sums.join(', ')})
        SELECT ${key}, 1 + abs(hashtext(concat_ws('/', ${key}))) % 15, ${sums.map((x) => `${x} - ${x} / 2`).join(', ')}
          FROM ${table} WHERE slot = 0
        ON CONFLICT (${key}, slot) DO UPDATE SET ${sums.map((x) => `${x} = ${table}.${x} + EXCLUDED.${x}`).join(', ')};
        UPDATE ${table} SET ${sums.map((x) => `${x} = ${x} / 2`).join(', ')} WHERE slot = 0;`);
  }

  it('keeps the books exact when two processes fold and compact at the same moment, even unlocked', async () => {
    await a.transaction((tx) => seedDemoAccounts(tx));
    await seedDemoMoney(a, { days: 3, payinsPerDay: 150 });
    await spreadOverSlots();
    expect(await findLedgerDrift(a)).toEqual([]);
    const count = async (sql: string) => (await a.query<{ n: bigint }>(sql)).rows[0]!.n;
    const closedBuckets = `SELECT count(*)::int8 AS n FROM report_halfhours WHERE bucket < now() - interval '1 hour'`;
    const slotRows = `SELECT count(*)::int8 AS n FROM dashboard_rollups WHERE slot > 0`;
    const credits = `SELECT count(*)::int8 AS n FROM balance_credits`;
    expect(await count(closedBuckets)).toBeGreaterThan(0n);
    expect(await count(slotRows)).toBeGreaterThan(0n);
    expect(await count(credits)).toBeGreaterThan(0n);

    // Both "processes" run every folding job at once, twice over, without `runAlone`.
    await Promise.all(
      [a, b, a, b].map((db) =>
        Promise.all([foldReportRollups(db), compactRollups(db), foldPendingCredits(db, 1)]),
      ),
    );

    expect(await findLedgerDrift(a)).toEqual([]);
    expect(await count(closedBuckets)).toBe(0n);
    expect(await count(slotRows)).toBe(0n);
    expect(await count(credits)).toBe(0n);
  }, 120_000);
});
