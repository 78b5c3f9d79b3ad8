import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config/config';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { createScratchDatabase, prepareDatabase } from './src/bench-db';
import { signInForBench } from './src/call-timer';
import { downloadExport, mb } from './src/export-download';
import { addBulkAccounts, growWorld } from './src/dashboard-world';

/**
 * `npm run bench:export`: the export path at scale on PostgreSQL. Grows the bulk world of
 * bench:dashboard to BENCH_EXPORT_ROWS pay-ins (default 1,000,000), then streams the admin's
 * export of every pay-in as CSV and as XLSX over real HTTP, and prints rows per second and
 * how far the server's resident memory rose while the file streamed.
 */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const log = (line: string) => console.log(line);

async function main() {
  const scratch = await createScratchDatabase('bo_bench_export');
  const db = await prepareDatabase('postgres', scratch.url, 8);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', NODE_ENV: 'production', NO_MONEY_JOBS: '1', DATABASE_URL: scratch.url },
    [],
  );
  try {
    await addBulkAccounts(db);
    log(`World: ${ROWS.toLocaleString('en')} pay-ins`);
    await growWorld(db, 0, ROWS, log);
    const app = await buildApp(db, config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const auth = await signInForBench(app, 'admin@demo.test', DEMO_PASSWORD);
    for (const format of ['csv', 'xlsx'] as const) {
      // Memory of the first run includes warming up; the second is the one to read.
      for (const run of [1, 2]) {
        const r = await downloadExport(port, { ...auth, call: 'getPayinList', format });
        const rows = format === 'csv' ? r.lines : ROWS;
        log(
          `export ${format} run ${run}: ${rows.toLocaleString('en')} lines, ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s = ${Math.round(ROWS / r.seconds).toLocaleString('en')} rows/s; server memory rose ${mb(r.rssRise)}`,
        );
      }
    }
    await app.close();
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
