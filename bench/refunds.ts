import type { buildApp } from '../server/src/app';
import { buildReadApp } from './src/bench-app';
import type { Db } from '../server/src/db/db';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { signInForBench, timeCall, type Timing } from './src/call-timer';
import { BENCH_ROLES, printAgainstTarget } from './src/bench-roles';
import { openPayinWorld } from './src/bulk-world';
import { lastZoneDays } from './src/zone-days';

/**
 * `npm run bench:refunds`: the refund list (`getRefundList`, `/refunds/list` and the admin's
 * `/refunds/pending-list`) at scale on PostgreSQL: BENCH_REFUNDS refunds (default 1 million)
 * beside the bulk world's BENCH_LARGE pay-ins (default 10 million, as bench:lists). For admin,
 * reseller, merchant and sub-account: p50/p95 of the first page with no filter, with a status and a date
 * range, with a search by an order id, and the admin's pending queue.
 *
 * Target (issue #26): every first page p95 ≤ 50 ms for each role.
 *
 * The refunds are written straight into the table (about one in nine successful pay-ins, half
 * its amount, a day after it, in a spread of statuses), not through the refund code: the list
 * reads rows, and the world's rollups and balances are not its concern. BENCH_KEEP=1 keeps the world
 * and BENCH_LISTS_URL=<its URL> measures it again (a world of bench:lists gains its refunds).
 * BENCH_ITERATIONS (default 50) sets the timed calls per case, after a warm-up.
 */
const LARGE = Number(process.env.BENCH_LARGE ?? 10_000_000);
const REFUNDS = Number(process.env.BENCH_REFUNDS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const REUSE = process.env.BENCH_LISTS_URL;
const FIRST_PAGE_TARGET = 50;
const log = (line: string) => console.log(line);

/** The last `days` whole days in Asia/Bangkok (UTC+7), as the web's presets send them. */
const lastDays = (days: number) => lastZoneDays(days, 7 * 60);

/** Adds about `target` refunds to a world that has none (a kept world keeps its own). */
async function addRefunds(db: Db, target: number): Promise<void> {
  const { rows } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM refunds');
  if (Number(rows[0]!.n) > 0) return;
  const started = Date.now();
  await db.query(
    `INSERT INTO refunds (id, payin_id, merchant_account_id, reseller_account_id, currency, amount, fee,
                          gateway_id, contract_id, status, reason, merchant_refund_id, created_at, updated_at,
                          completed_at)
     SELECT gen_random_uuid(), p.id, p.merchant_account_id, p.reseller_account_id, p.currency,
            greatest(1, p.amount / 2), 100, p.gateway_id, p.contract_id, x.status, 'bench',
            'bench-rf-' || p.order_id, x.at, x.at,
            CASE WHEN x.status IN ('succeeded', 'failed', 'rejected') THEN x.at END
       FROM (SELECT * FROM payins
              WHERE status = 'success' AND abs(hashtext(order_id)) % 9 = 0
              LIMIT $1) p
       CROSS JOIN LATERAL (
         SELECT CASE WHEN abs(hashtext(p.order_id)) % 100 < 80 THEN 'succeeded'
                     WHEN abs(hashtext(p.order_id)) % 100 < 88 THEN 'failed'
                     WHEN abs(hashtext(p.order_id)) % 100 < 93 THEN 'rejected'
                     WHEN abs(hashtext(p.order_id)) % 100 < 98 THEN 'processing'
                     ELSE 'pending_approval' END AS status,
                least(now(), p.created_at + interval '1 day') AS at) x`,
    [target],
  );
  await db.query('VACUUM (ANALYZE) refunds');
  const { rows: after } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM refunds');
  log(
    `  refunds ${Number(after[0]!.n).toLocaleString('en')} (written in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

interface Case {
  label: string;
  fields: Record<string, string>;
}

/** The cases timed for a role; `orderId` is a refunded pay-in of the demo merchant's. */
function casesOf(role: string, orderId: string): Case[] {
  const first = { page: '1', pageSize: '25' };
  const cases: Case[] = [
    { label: 'page 1, no filter', fields: first },
    {
      label: 'page 1, succeeded, last 7 days',
      fields: { ...first, status: 'succeeded', ...lastDays(7) },
    },
    { label: 'page 1, search order id', fields: { ...first, search: orderId } },
  ];
  if (role === 'admin')
    cases.push({ label: 'page 1, pending approval', fields: { ...first, pendingOnly: '1' } });
  return cases;
}

async function measure(app: Awaited<ReturnType<typeof buildApp>>, db: Db) {
  const { rows: picked } = await db.query<{ order_id: string }>(
    `SELECT p.order_id FROM refunds f JOIN payins p ON p.id = f.payin_id
      WHERE f.merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = 'MER00001')
      LIMIT 1`,
  );
  const orderId = picked[0]!.order_id;
  const results: { key: string; timing: Timing; target: number }[] = [];
  for (const role of BENCH_ROLES) {
    const auth = await signInForBench(app, role.email, DEMO_PASSWORD);
    for (const c of casesOf(role.role, orderId)) {
      const timing = await timeCall(app, 'getRefundList', { ...auth, ...c.fields }, ITERATIONS);
      const key = `${role.role.padEnd(9)} ${c.label}`;
      results.push({ key, timing, target: FIRST_PAGE_TARGET });
      log(`  ${key.padEnd(46)} p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms`);
    }
  }
  printAgainstTarget('getRefundList', results, log);
}

async function main() {
  const world = await openPayinWorld('bo_bench_refunds', REUSE, LARGE, log);
  const { db } = world;
  const app = await buildReadApp(db, world.url);
  try {
    await addRefunds(db, REFUNDS);
    const { rows } = await db.query<{ payins: bigint; refunds: bigint }>(
      'SELECT (SELECT count(*) FROM payins) AS payins, (SELECT count(*) FROM refunds) AS refunds',
    );
    log(
      `\nMeasuring getRefundList at ${Number(rows[0]!.refunds).toLocaleString('en')} refunds beside ${Number(rows[0]!.payins).toLocaleString('en')} pay-ins, ${ITERATIONS} calls each`,
    );
    await measure(app, db);
  } finally {
    await app.close();
    await world.done();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
