import { BENCH_ROLES } from './src/bench-roles';
import { buildReadApp } from './src/bench-app';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { callData, signInForBench, timeCall, timingOf, type Timing } from './src/call-timer';
import { openPayinWorld } from './src/bulk-world';
import { addGatewayReferences, searchCasesOf } from './src/search-cases';

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

async function main() {
  const world = await openPayinWorld('bo_bench_search', REUSE, LARGE, log);
  const { db } = world;
  const app = await buildReadApp(db, world.url);
  try {
    await addGatewayReferences(db, log);
    const { rows: sized } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM payins');
    const payins = Number(sized[0]!.n);
    const cases = await searchCasesOf(db);
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
      perRole.push({ role: role.role, timing: timingOf(all) });
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
