import type { UserCallContext } from '../server/src/core/context';
import type { Db } from '../server/src/db/db';
import { simulateProfile } from '../server/src/modules/routing-simulation/routing-simulation.service';
import { openBulkWorld } from './src/bulk-world';
import { addBulkAccounts } from './src/dashboard-world';

/**
 * `npm run bench:routing-simulation` (issue 43, "Simulation"; docs/routing.md): how long
 * `simulateRoutingProfile` takes to replay a THB pay-in profile over 30 days holding
 * BENCH_PAYINS pay-ins (default 10 million) on PostgreSQL. The pay-ins are written straight into
 * `payins` (its indexes in place), spread evenly over the 30 days and the bench merchants,
 * shared by SBX-THB-1 and SBX-THB-2, 90 % of them successful (SBX-THB-2 a little worse). The
 * profile: a 70/30 split, then the best success rate over 15 minutes, exploring 5 %: every
 * pay-in is decided, with its gateways' observed hours read.
 *
 * Goal: ≤ 60 s at 10 million. BENCH_KEEP=1 keeps the world and prints its URL;
 * BENCH_SIMULATION_URL=<that URL> measures it again without building it.
 */
const PAYINS = Number(process.env.BENCH_PAYINS ?? 10_000_000);
const REUSE = process.env.BENCH_SIMULATION_URL;
const DAYS = 30;
const DAY_MS = 86_400_000;
const log = (line: string) => console.log(line);

const PROFILE = {
  steps: [
    {
      split: [
        { gateway: 'SBX-THB-1', percent: 70 },
        { gateway: 'SBX-THB-2', percent: 30 },
      ],
    },
    { successRate: { windowMinutes: 15, explorePercent: 5, minAttempts: 20 } },
  ],
};

/** `count` THB pay-ins spread evenly over `[from, to)`, in batches of a million. */
async function writePayins(db: Db, count: number, from: Date, to: Date) {
  const step = (to.getTime() - from.getTime()) / count;
  for (let start = 0; start < count; start += 1_000_000) {
    const end = Math.min(count, start + 1_000_000);
    const began = Date.now();
    await db.query(
      `INSERT INTO payins (id, merchant_account_id, reseller_account_id, order_id, currency, amount, fee,
                           net_amount, reseller_commission, platform_profit, gateway_cost, gateway_id,
                           contract_id, status, created_at, updated_at, expires_at, completed_at)
       SELECT gen_random_uuid(), m.id, m.reseller_account_id, 'sim-' || i, 'THB', x.amount,
              x.amount / 40, x.amount - x.amount / 40, 0, x.amount / 40 - x.amount / 200, x.amount / 200,
              g.id, m.contract_id, x.status, x.at, x.at, x.at + interval '30 minutes',
              CASE WHEN x.status = 'success' THEN x.at END
         FROM generate_series($1::bigint, $2::bigint) i
         CROSS JOIN LATERAL (SELECT 10000 + (i * 7919) % 5000000 AS amount,
                                    $3::timestamptz + make_interval(secs => i * $4::float8 / 1000) AS at,
                                    CASE WHEN i % 10 = 0 OR (i % 2 = 1 AND i % 25 = 3) THEN 'failed'
                                         ELSE 'success' END AS status) x
         JOIN LATERAL (SELECT id FROM payment_gateways
                        WHERE payment_gateway_code = CASE WHEN i % 2 = 0 THEN 'SBX-THB-1' ELSE 'SBX-THB-2' END) g ON TRUE
         JOIN LATERAL (SELECT ms.id, ms.reseller_account_id, ms.contract_id
                         FROM bench_sim_merchants ms WHERE ms.n = i % (SELECT count(*) FROM bench_sim_merchants)) m ON TRUE`,
      [start, end - 1, from.toISOString(), step],
    );
    log(
      `  ${end.toLocaleString('en')} of ${count.toLocaleString('en')} pay-ins (${Math.round((end - start) / ((Date.now() - began) / 1000)).toLocaleString('en')}/s)`,
    );
  }
}

async function build(db: Db) {
  await addBulkAccounts(db);
  // Both THB gateways take traffic (the bench database keeps one THB gateway otherwise).
  await db.query(`UPDATE payment_gateways SET status = 'activated' WHERE currency = 'THB'`);
  await db.exec(`
    CREATE TABLE bench_sim_merchants AS
    SELECT (row_number() OVER (ORDER BY a.account_db_code) - 1)::int AS n, a.id, a.reseller_account_id,
           (SELECT c.id FROM contracts c WHERE c.merchant_account_id = a.id AND c.currency = 'THB'
             ORDER BY c.version DESC LIMIT 1) AS contract_id
      FROM accounts a WHERE a.account_db_code LIKE 'BMR%';
    CREATE INDEX ON bench_sim_merchants (n);
  `);
  const to = new Date();
  log(`World: ${PAYINS.toLocaleString('en')} THB pay-ins in ${DAYS} days`);
  await writePayins(db, PAYINS, new Date(to.getTime() - DAYS * DAY_MS), to);
  await db.exec('VACUUM ANALYZE payins');
}

async function main() {
  const world = await openBulkWorld('bench_routing_simulation', REUSE, build, log);
  try {
    const { rows } = await world.db.query<{ id: string; email: string; username: string }>(
      "SELECT id, email, username FROM accounts WHERE account_type = 'admin' ORDER BY created_at LIMIT 1",
    );
    const admin = rows[0]!;
    const ctx = {
      db: world.db,
      actor: {
        accountId: admin.id,
        sessionId: 'bench',
        username: admin.username,
        email: admin.email,
        accountType: 'admin',
        modules: [],
        scopeAccountId: admin.id,
        isSubAccount: false,
      },
    } as unknown as UserCallContext;
    for (let round = 1; round <= Number(process.env.BENCH_ROUNDS ?? 2); round++) {
      const started = performance.now();
      const result = await simulateProfile(ctx, {
        direction: 'payin',
        currency: 'THB',
        scope: 'platform',
        definition: JSON.stringify(PROFILE),
        days: DAYS,
      });
      const seconds = (performance.now() - started) / 1000;
      log(
        `round ${round}: ${seconds.toFixed(1).padStart(6)} s  replayed ${result.payments.toLocaleString('en')} pay-ins, ` +
          `${result.moved.toLocaleString('en')} moved  (${Math.round(result.payments / seconds).toLocaleString('en')} pay-ins/s; goal ≤ 60 s)`,
      );
    }
  } finally {
    await world.done();
  }
}

await main();
