import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import type { Db } from '../../src/db/db';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { seedDemoReconciliation } from '../../src/seed/demo-reconciliation';
import { openTestDatabase } from '../support/test-db';

/**
 * The demo world's reconciliation: a sandbox statement with a few planted differences,
 * imported and matched by the real import, two differences explained and one write-off
 * waiting for its approvals, all as the demo admin did it; made once.
 */
let db: Db;
const config = loadConfig({ NO_SEED_DEMO: '1', LOG_LEVEL: 'silent' }, []);
const log = pino({ level: 'silent' });

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction((tx) => seedDemoAccounts(tx));
  await seedDemoMoney(db, { days: 3, payinsPerDay: 300, loggedDays: 0 });
}, 240_000);
afterAll(async () => {
  await db?.close();
});

describe('the demo reconciliation', () => {
  it('holds a reconciled statement with differences, some explained, one write-off waiting', async () => {
    expect(await seedDemoReconciliation(db, config, log)).toBe(true);
    const runs = await db.query<{ id: string; source: string; code: string; differences: number }>(
      `SELECT r.id, r.source, g.payment_gateway_code AS code,
              (SELECT count(*)::int FROM recon_lines l
                WHERE l.run_id = r.id AND l.class <> 'matched') AS differences
         FROM recon_runs r JOIN payment_gateways g ON g.id = r.gateway_id`,
    );
    expect(runs.rows).toHaveLength(1);
    const run = runs.rows[0]!;
    expect(run).toMatchObject({ source: 'sandbox', code: 'SBX-THB-1' });
    expect(run.differences).toBeGreaterThanOrEqual(4);
    expect(run.differences).toBeLessThan(40);
    const resolutions = await db.query<{ kind: string; status: string; by: string }>(
      `SELECT x.kind, x.status, a.username AS by FROM recon_resolutions x
         JOIN accounts a ON a.id = x.created_by WHERE x.run_id = $1 ORDER BY x.kind`,
      [run.id],
    );
    expect(resolutions.rows).toEqual([
      { kind: 'explained', status: 'done', by: 'admin' },
      { kind: 'explained', status: 'done', by: 'admin' },
      { kind: 'write_off', status: 'pending', by: 'admin' },
    ]);
    const logged = await db.query<{ action: string }>(
      `SELECT action FROM admin_logs WHERE action LIKE 'reconciliation.%' ORDER BY action`,
    );
    expect(logged.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['reconciliation.explain', 'reconciliation.write_off.request']),
    );
    expect(await findLedgerDrift(db)).toEqual([]);
  });

  it('is made once, also when started again days later', async () => {
    expect(await seedDemoReconciliation(db, config, log)).toBe(false);
    const later = new Date(Date.now() + 3 * 86_400_000);
    expect(await seedDemoReconciliation(db, config, log, later)).toBe(false);
    const runs = await db.query('SELECT 1 FROM recon_runs');
    expect(runs.rows).toHaveLength(1);
  });
});
