import type { AddressInfo } from 'node:net';
import { EXPORT_MAX_ROWS, LIST_TOTALS_CALL } from '@bo/contract';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config/config';
import type { Db } from '../server/src/db/db';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { signInForBench, timeCall, type Timing } from './src/call-timer';
import { downloadExport, mb } from './src/export-download';
import { printAgainstTarget } from './src/bench-roles';
import { openPayinWorld } from './src/bulk-world';
import { lastZoneDays } from './src/zone-days';
import { BENCH_SANDBOX_SECRET } from './src/bench-secret';

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
const PAGE_SIZE = '25';
const DEEP_PAGE = '500';
const FIRST_PAGE_TARGET = 50;
const DEEP_PAGE_TARGET = 100;
const TOTALS_TARGET = 300;
const EXPORT_RATE_TARGET = 50_000;
const EXPORT_MEMORY_TARGET = 100 * 1024 * 1024;
const log = (line: string) => console.log(line);

const ROLES = [
  { role: 'admin', email: 'admin@demo.test' },
  { role: 'reseller', email: 'reseller@demo.test' },
  { role: 'merchant', email: 'merchant@demo.test' },
] as const;

/** The last `days` whole days in Asia/Bangkok (UTC+7). */
const lastDays = (days: number) => lastZoneDays(days, 7 * 60);

interface Case {
  label: string;
  fields: Record<string, string>;
  target: number;
}

/** The cases timed for every role; `orderId` is one of the demo merchant's, so all three see it. */
function casesOf(orderId: string): Case[] {
  const first = { page: '1', pageSize: PAGE_SIZE };
  return [
    { label: 'page 1, no filter', fields: first, target: FIRST_PAGE_TARGET },
    {
      label: 'page 1, success, last 7 days',
      fields: { ...first, status: 'success', ...lastDays(7) },
      target: FIRST_PAGE_TARGET,
    },
    {
      label: 'page 1, expired, last 30 days',
      fields: { ...first, status: 'expired', ...lastDays(30) },
      target: FIRST_PAGE_TARGET,
    },
    {
      label: 'page 1, search order id',
      fields: { ...first, search: orderId },
      target: FIRST_PAGE_TARGET,
    },
    {
      label: `page ${DEEP_PAGE}, no filter`,
      fields: { page: DEEP_PAGE, pageSize: PAGE_SIZE },
      target: DEEP_PAGE_TARGET,
    },
  ];
}

/**
 * The totals cases: the list's filters (page 500 adds up what page 1 does, so it is left
 * out), then the last 30 days alone and with a merchant, and an amount range (rows only).
 */
function totalsCasesOf(orderId: string): Case[] {
  const listed = casesOf(orderId)
    .filter((c) => c.fields.page === '1')
    .map((c) => ({
      label: c.label.replace('page 1, ', ''),
      fields: c.fields,
      target: TOTALS_TARGET,
    }));
  return [
    ...listed,
    { label: 'last 30 days', fields: lastDays(30), target: TOTALS_TARGET },
    {
      label: 'merchant MER00001, last 30 days',
      fields: { merchantDbCode: 'MER00001', ...lastDays(30) },
      target: TOTALS_TARGET,
    },
    {
      label: 'success, merchant MER00001',
      fields: { status: 'success', merchantDbCode: 'MER00001' },
      target: TOTALS_TARGET,
    },
    // Rows one by one: capped at once (the rollups count more than the cap), then read.
    { label: 'amount ≥ 4,000.00 (rows)', fields: { amountMin: '4000' }, target: Infinity },
    {
      label: 'amount ≥ 4,000.00, last 2 days (rows)',
      fields: { amountMin: '4000', ...lastDays(2) },
      target: Infinity,
    },
  ];
}

const openWorld = () => openPayinWorld('bo_bench_lists', REUSE, LARGE, log);

/** Times every case for every role and prints the table. */
async function measureLists(app: Awaited<ReturnType<typeof buildApp>>, db: Db, payins: number) {
  const { rows: picked } = await db.query<{ order_id: string }>(
    `SELECT order_id FROM payins
      WHERE merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = 'MER00001')
      ORDER BY created_at LIMIT 1 OFFSET 100`,
  );
  const orderId = picked[0]!.order_id;
  log(
    `\nMeasuring getPayinList at ${payins.toLocaleString('en')} pay-ins, ${ITERATIONS} calls each`,
  );

  const results: { key: string; timing: Timing; target: number }[] = [];
  for (const role of ROLES) {
    const auth = await signInForBench(app, role.email, DEMO_PASSWORD);
    for (const c of casesOf(orderId)) {
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
  const { rows: picked } = await db.query<{ order_id: string }>(
    `SELECT order_id FROM payins
      WHERE merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = 'MER00001')
      ORDER BY created_at LIMIT 1 OFFSET 100`,
  );
  const orderId = picked[0]!.order_id;
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
