import type { AddressInfo } from 'node:net';
import { EXPORT_MAX_ROWS, LIST_TOTALS_CALL } from '@bo/contract';
import type { buildApp } from '../server/src/app';
import { buildReadApp } from './src/bench-app';
import type { Db } from '../server/src/db/db';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { signInForBench, timeCall, type Timing } from './src/call-timer';
import { downloadExport, mb } from './src/export-download';
import { printAgainstTarget } from './src/bench-roles';
import { openPayinWorld } from './src/bulk-world';
import { demoOrderId, listCasesOf, totalsCasesOf } from './src/list-cases';

/**
 * `npm run bench:lists`: the pay-in list (`getPayinList`, the `/transactions` screen) and its
 * export at scale on PostgreSQL, in the bulk world of bench:dashboard (BENCH_LARGE pay-ins,
 * default 10 million). For admin, reseller and merchant: p50/p95 of the first page with no
 * filter, with a status and a date range, with a search by an order id, and of page 500; then
 * the admin's export of (at most) a million rows as CSV and as XLSX over real HTTP, in rows
 * per second and how far the server's memory rose; and the totals of the filtered set
 * (`getListTotals` on `getPayinList`) for the same filters, plus the last 30 days, a merchant
 * and an amount range.
 *
 * Targets (issue #10): first pages p95 ≤ 50 ms, page 500 p95 ≤ 100 ms, export ≥ 50,000 rows/s
 * with the memory rising less than 100 MB, totals p95 ≤ 300 ms for dates of up to 30 days, a
 * status and a merchant (an amount range is read row by row when the rollups count at most
 * LIST_TOTALS_ROW_CAP rows for the other filters, else answers capped: reported, no target).
 *
 * BENCH_ITERATIONS (default 50) sets the timed calls per case, after a warm-up. Building 10
 * million pay-ins takes a while: BENCH_KEEP=1 keeps the world and prints its URL, and
 * BENCH_LISTS_URL=<that URL> measures it again (after applying any new migration) without
 * building it. BENCH_ONLY=lists, BENCH_ONLY=totals or BENCH_ONLY=export runs one part.
 */
const LARGE = Number(process.env.BENCH_LARGE ?? 10_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const REUSE = process.env.BENCH_LISTS_URL;
/** BENCH_ONLY=lists, BENCH_ONLY=totals or BENCH_ONLY=export runs one part. */
const ONLY = process.env.BENCH_ONLY;
const LISTS = !ONLY || ONLY === 'lists';
const TOTALS = !ONLY || ONLY === 'totals';
const EXPORT = !ONLY || ONLY === 'export';
const EXPORT_RATE_TARGET = 50_000;
const EXPORT_MEMORY_TARGET = 100 * 1024 * 1024;
const log = (line: string) => console.log(line);

const ROLES = [
  { role: 'admin', email: 'admin@demo.test' },
  { role: 'reseller', email: 'reseller@demo.test' },
  { role: 'merchant', email: 'merchant@demo.test' },
] as const;

const openWorld = () => openPayinWorld('bo_bench_lists', REUSE, LARGE, log);

/** Times every case for every role and prints the table. */
async function measureLists(app: Awaited<ReturnType<typeof buildApp>>, db: Db, payins: number) {
  const orderId = await demoOrderId(db);
  log(
    `\nMeasuring getPayinList at ${payins.toLocaleString('en')} pay-ins, ${ITERATIONS} calls each`,
  );

  const results: { key: string; timing: Timing; target: number }[] = [];
  for (const role of ROLES) {
    const auth = await signInForBench(app, role.email, DEMO_PASSWORD);
    for (const c of listCasesOf(orderId)) {
      const timing = await timeCall(app, 'getPayinList', { ...auth, ...c.fields }, ITERATIONS);
      const key = `${role.role.padEnd(9)} ${c.label}`;
      results.push({ key, timing, target: c.target });
      log(`  ${key.padEnd(46)} p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms`);
    }
  }

  printAgainstTarget('getPayinList', results, log);
}

/** Times `getListTotals` on the pay-in list for every role and prints the table. */
async function measureTotals(app: Awaited<ReturnType<typeof buildApp>>, db: Db, payins: number) {
  const orderId = await demoOrderId(db);
  log(
    `\nMeasuring ${LIST_TOTALS_CALL} of getPayinList at ${payins.toLocaleString('en')} pay-ins, ${ITERATIONS} calls each`,
  );
  const results: { key: string; timing: Timing; target: number; answer: string }[] = [];
  for (const role of ROLES) {
    const auth = await signInForBench(app, role.email, DEMO_PASSWORD);
    for (const c of totalsCasesOf(orderId)) {
      const fields = { ...auth, call: 'getPayinList', ...c.fields };
      const timing = await timeCall(app, LIST_TOTALS_CALL, fields, ITERATIONS);
      const response = await app.inject({
        method: 'POST',
        url: `/controller/admin/${LIST_TOTALS_CALL}`,
        payload: fields,
      });
      const data = (
        response.json() as {
          data: { capped: boolean; totals: { currency: string; count: number }[] };
        }
      ).data;
      const answer = data.capped
        ? 'capped'
        : data.totals.map((x) => `${x.count.toLocaleString('en')} ${x.currency}`).join(', ') ||
          'none';
      const key = `${role.role.padEnd(9)} ${c.label}`;
      results.push({ key, timing, target: c.target, answer });
      log(
        `  ${key.padEnd(46)} p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms (${answer})`,
      );
    }
  }
  const ms = (v: number) => `${v.toFixed(2).padStart(8)}ms`;
  log(
    `\n${`${LIST_TOTALS_CALL} (getPayinList)`.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} target`,
  );
  let missed = 0;
  for (const r of results) {
    const hasTarget = Number.isFinite(r.target);
    const met = r.timing.p95 <= r.target;
    if (!met) missed++;
    log(
      `${r.key.padEnd(46)} ${ms(r.timing.p50)} ${ms(r.timing.p95)} ${hasTarget ? `≤ ${r.target} ms ${met ? 'MET' : 'MISSED'}` : '(no target)'}  ${r.answer}`,
    );
  }
  log(`${missed ? missed : 'no'} totals case${missed === 1 ? '' : 's'} missed the target`);
}

async function main() {
  const world = await openWorld();
  const { db } = world;
  const app = await buildReadApp(db, world.url);
  try {
    const { rows: sized } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM payins');
    const payins = Number(sized[0]!.n);
    if (LISTS) await measureLists(app, db, payins);
    if (TOTALS) await measureTotals(app, db, payins);

    if (EXPORT) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const auth = await signInForBench(app, 'admin@demo.test', DEMO_PASSWORD);
      const rows = Math.min(payins, EXPORT_MAX_ROWS);
      log(`\nExport of every pay-in (the admin's, ${rows.toLocaleString('en')} rows written)`);
      for (const format of ['csv', 'xlsx'] as const) {
        // Memory of the first run includes warming up; the second is the one to read.
        for (const run of [1, 2]) {
          const r = await downloadExport(port, { ...auth, call: 'getPayinList', format });
          const rate = rows / r.seconds;
          const met = rate >= EXPORT_RATE_TARGET && r.rssRise < EXPORT_MEMORY_TARGET;
          log(
            `  ${format} run ${run}: ${mb(r.bytes)}${format === 'csv' ? ` (${r.lines.toLocaleString('en')} lines)` : ''} in ${r.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} rows/s; server memory rose ${mb(r.rssRise)} (heap ${mb(r.heapRise)}, buffers ${mb(r.externalRise)}) (targets ≥ 50,000 rows/s, < 100 MB) ${met ? 'MET' : 'MISSED'}`,
          );
        }
      }
    }
  } finally {
    await app.close();
    await world.done();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
