import type { buildApp } from '../server/src/app';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { createScratchDatabase, prepareDatabase } from './src/bench-db';
import { signInForBench, timeCall, type Timing } from './src/call-timer';
import { addBulkAccounts, growWorld } from './src/dashboard-world';
import { buildReadApp } from './src/bench-app';
import { DASHBOARD_ROLES, dashboardCallsOf } from './src/dashboard-cases';

/**
 * `npm run bench:dashboard`: p50/p95 of every dashboard call for admin, reseller and merchant
 * on PostgreSQL, at 100 thousand and at 10 million pay-ins (BENCH_SMALL / BENCH_LARGE change
 * the sizes), and the ratio between the two. Targets: p95 under 25 ms at the large size, and a
 * large/small ratio under 2.
 */
const SMALL = Number(process.env.BENCH_SMALL ?? 100_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 10_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const log = (line: string) => console.log(line);

async function measure(app: Awaited<ReturnType<typeof buildApp>>): Promise<Map<string, Timing>> {
  const results = new Map<string, Timing>();
  for (const role of DASHBOARD_ROLES) {
    const auth = await signInForBench(app, role.email, DEMO_PASSWORD);
    for (const [label, fields] of dashboardCallsOf(role)) {
      const name = label.split(' ')[0]!;
      results.set(
        `${role.role.padEnd(9)} ${label}`,
        await timeCall(app, name, { ...auth, ...fields }, ITERATIONS),
      );
    }
  }
  return results;
}

async function main() {
  const scratch = await createScratchDatabase('bo_bench_dashboard');
  const db = await prepareDatabase('postgres', scratch.url, 8);
  try {
    await addBulkAccounts(db);
    log(`World: ${SMALL.toLocaleString('en')} pay-ins`);
    await growWorld(db, 0, SMALL, log);
    const app = await buildReadApp(db, scratch.url);
    const small = await measure(app);
    log(`World: ${LARGE.toLocaleString('en')} pay-ins`);
    await growWorld(db, SMALL, LARGE, log);
    const large = await measure(app);
    await app.close();

    const ms = (v: number) => v.toFixed(2).padStart(7);
    log(
      `\n${'call'.padEnd(52)} ${'p50 small'.padStart(9)} ${'p95 small'.padStart(9)} ${'p50 large'.padStart(9)} ${'p95 large'.padStart(9)} ${'ratio p95'.padStart(9)}`,
    );
    let worstP95 = 0;
    let worstRatio = 0;
    for (const [key, s] of small) {
      const l = large.get(key)!;
      const ratio = l.p95 / s.p95;
      worstP95 = Math.max(worstP95, l.p95);
      worstRatio = Math.max(worstRatio, ratio);
      log(
        `${key.padEnd(52)} ${ms(s.p50)}ms ${ms(s.p95)}ms ${ms(l.p50)}ms ${ms(l.p95)}ms ${ratio.toFixed(2).padStart(9)}`,
      );
    }
    log(
      `\nworst p95 at ${LARGE.toLocaleString('en')}: ${worstP95.toFixed(2)} ms (target < 25 ms) ${worstP95 < 25 ? 'MET' : 'MISSED'}`,
    );
    log(
      `worst p95 ratio large/small: ${worstRatio.toFixed(2)} (target < 2) ${worstRatio < 2 ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await db.close();
    // BENCH_KEEP=1 leaves the world in place to study query plans.
    if (process.env.BENCH_KEEP) log(`kept: ${scratch.url}`);
    else await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
