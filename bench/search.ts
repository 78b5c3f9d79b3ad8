import { BENCH_ROLES } from './src/bench-roles';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config/config';
import type { Db } from '../server/src/db/db';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { callData, signInForBench, timeCall, type Timing } from './src/call-timer';
import { openPayinWorld } from './src/bulk-world';
import { BENCH_SANDBOX_SECRET } from './src/bench-secret';

/**
 * `npm run bench:search`: the top bar's global search (`globalSearch`) on PostgreSQL, in the
 * bulk world of bench:lists (BENCH_LARGE pay-ins, default 10 million; one pay-in in a hundred
 * gets a gateway reference here). For admin, reseller, merchant and sub-account: p50/p95 of a
 * search by a pay-in's id, its order id, its gateway reference, another merchant's order id
 * (found by the admin only), an id that is nowhere, and accounts by the start of a code and of
 * a name; then each role's p95 over all its cases. Target (issue 29): p95 ≤ 50 ms per role.
 *
 * BENCH_ITERATIONS (default 50) sets the timed calls per case, after a warm-up. BENCH_KEEP=1
 * keeps the world and prints its URL; BENCH_SEARCH_URL=<that URL> (or a kept bench:lists
 * world's) measures it again without building it.
 */
const LARGE = Number(process.env.BENCH_LARGE ?? 10_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const REUSE = process.env.BENCH_SEARCH_URL;
const TARGET = 50;
const log = (line: string) => console.log(line);

/** Gives one pay-in in a hundred a gateway reference (the bulk world has none), once. */
async function addGatewayReferences(db: Db): Promise<void> {
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM payins WHERE gateway_reference <> '' LIMIT 1) x`,
  );
  if (Number(rows[0]!.n) > 0) return;
  const started = Date.now();
  await db.query(
    `UPDATE payins SET gateway_reference = 'BGW-' || substr(md5(order_id), 1, 16)
      WHERE order_id LIKE '%07'`,
  );
  await db.query('ANALYZE payins');
  log(`  gateway references set in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Sample {
  id: string;
  order_id: string;
  gateway_reference: string;
}

/**
 * A pay-in with a gateway reference of `merchant` (by code), or, with `other`, of any merchant
 * but it (a world of 100,000 pay-ins leaves most bulk merchants without a reference).
 */
async function sampleOf(db: Db, merchant: string, other = false): Promise<Sample> {
  const { rows } = await db.query<Sample>(
    `SELECT id, order_id, gateway_reference FROM payins
      WHERE merchant_account_id ${other ? '<>' : '='} (SELECT id FROM accounts WHERE account_db_code = $1)
        AND gateway_reference <> '' ORDER BY created_at LIMIT 1 OFFSET 10`,
    [merchant],
  );
  if (!rows[0])
    throw new Error(`No pay-in ${other ? 'but' : 'of'} ${merchant}'s has a gateway reference`);
  return rows[0];
}

/** The searched texts: the demo merchant's pay-in (every role sees it), and others. */
async function casesOf(db: Db): Promise<{ label: string; text: string }[]> {
  const own = await sampleOf(db, 'MER00001');
  const foreign = await sampleOf(db, 'MER00001', true);
  return [
    { label: 'pay-in id', text: own.id },
    { label: 'order id', text: own.order_id },
    { label: 'gateway reference', text: own.gateway_reference },
    { label: "another merchant's order id", text: foreign.order_id },
    { label: 'an id that is nowhere', text: randomUUID() },
    { label: "pay-in id's first 8", text: own.id.slice(0, 8) },
    { label: 'order id but its last character', text: own.order_id.slice(0, -1) },
    { label: "gateway reference's first 8", text: own.gateway_reference.slice(0, 8) },
    { label: 'prefix every order id shares "bench-"', text: 'bench-' },
    { label: 'account code prefix MER0', text: 'MER0' },
    { label: 'account name prefix "bench merchant 1"', text: 'bench merchant 1' },
  ];
}

async function main() {
  const world = await openPayinWorld('bo_bench_search', REUSE, LARGE, log);
  const { db } = world;
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      NO_MONEY_JOBS: '1',
      DATABASE_URL: world.url,
      SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
    },
    [],
  );
  const app = await buildApp(db, config);
  try {
    await addGatewayReferences(db);
    const { rows: sized } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM payins');
    const payins = Number(sized[0]!.n);
    const cases = await casesOf(db);
    log(
      `\nMeasuring globalSearch at ${payins.toLocaleString('en')} pay-ins, ${ITERATIONS} calls each`,
    );
    const perRole: { role: string; timing: Timing }[] = [];
    for (const role of BENCH_ROLES) {
      const auth = await signInForBench(app, role.email, DEMO_PASSWORD);
      const all: number[] = [];
      for (const c of cases) {
        const fields = { ...auth, text: c.text };
        const answer = await callData<{ groups: { kind: string; hits: unknown[] }[] }>(
          app,
          'globalSearch',
          fields,
        );
        const found = answer.groups.map((g) => `${g.kind} ${g.hits.length}`).join(', ') || 'none';
        const timing = await timeCall(app, 'globalSearch', fields, ITERATIONS);
        all.push(...timing.samples);
        log(
          `  ${role.role.padEnd(12)} ${c.label.padEnd(40)} p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms (${found})`,
        );
      }
      all.sort((a, b) => a - b);
      const at = (p: number) => all[Math.min(all.length - 1, Math.floor((all.length * p) / 100))]!;
      perRole.push({ role: role.role, timing: { p50: at(50), p95: at(95), samples: all } });
    }
    log(
      `\n${'globalSearch, every case'.padEnd(30)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} target`,
    );
    let missed = 0;
    for (const r of perRole) {
      const met = r.timing.p95 <= TARGET;
      if (!met) missed++;
      log(
        `${r.role.padEnd(30)} ${r.timing.p50.toFixed(2).padStart(8)}ms ${r.timing.p95.toFixed(2).padStart(8)}ms ≤ ${TARGET} ms ${met ? 'MET' : 'MISSED'}`,
      );
    }
    log(
      `${missed ? missed : 'no'} role${missed === 1 ? '' : 's'} missed the target (${payins.toLocaleString('en')} pay-ins)`,
    );
  } finally {
    await app.close();
    await world.done();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
