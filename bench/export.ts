import type { AddressInfo } from 'node:net';
import { EXPORT_MAX_ROWS } from '@bo/contract';
import { buildReadApp } from './src/bench-app';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { signInForBench } from './src/call-timer';
import { downloadExport, mb } from './src/export-download';
import { openPayinWorld } from './src/bulk-world';

/**
 * `npm run bench:export`: the export path at scale on PostgreSQL. Grows the bulk world of
 * bench:dashboard to BENCH_EXPORT_ROWS pay-ins (default 1,000,000), then streams the admin's
 * export of every pay-in as CSV and as XLSX over real HTTP, twice each, and prints rows per
 * second and how far the server's memory rose while the file streamed: the peak of its
 * resident memory (RSS) above where it stood when the download began, sampled every 10 ms,
 * and the peaks of the JavaScript heap in use and of the memory outside it (buffers).
 *
 * Target (issue #10): ≥ 50,000 rows/s with the memory rising less than 100 MB, on every run
 * (the first after a start included). BENCH_KEEP=1 keeps the world and prints its URL;
 * BENCH_EXPORT_URL=<that URL> measures it again (after applying any new migration) without
 * building it, in a process that has done nothing else.
 */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const REUSE = process.env.BENCH_EXPORT_URL;
const RATE_TARGET = 50_000;
const MEMORY_TARGET = 100 * 1024 * 1024;
const log = (line: string) => console.log(line);

const openWorld = () => openPayinWorld('bo_bench_export', REUSE, ROWS, log);

async function main() {
  const world = await openWorld();
  const { db } = world;
  const app = await buildReadApp(db, world.url);
  try {
    const { rows: sized } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM payins');
    const rows = Math.min(Number(sized[0]!.n), EXPORT_MAX_ROWS);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const auth = await signInForBench(app, 'admin@demo.test', DEMO_PASSWORD);
    log(`Export of every pay-in (the admin's, ${rows.toLocaleString('en')} rows written)`);
    for (const format of ['csv', 'xlsx'] as const) {
      for (const run of [1, 2]) {
        const r = await downloadExport(port, { ...auth, call: 'getPayinList', format });
        const rate = rows / r.seconds;
        const met = rate >= RATE_TARGET && r.rssRise < MEMORY_TARGET;
        log(
          `  ${format} run ${run}: ${mb(r.bytes)}${format === 'csv' ? ` (${r.lines.toLocaleString('en')} lines)` : ''} in ${r.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} rows/s; server memory: peak RSS +${mb(r.rssRise)} (from ${mb(r.rssStart)}), heap in use +${mb(r.heapRise)}, buffers +${mb(r.externalRise)}; targets ≥ 50,000 rows/s and < 100 MB: ${met ? 'MET' : 'MISSED'}`,
        );
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
