import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase, prepareDatabase } from './src/bench-db';
import { measureHttpIngest, startServer } from './src/http-ingest';
import { measureServiceIngest } from './src/service-ingest';

/**
 * `npm run bench:ingest`: pay-ins completed per second (create + success callback) at the
 * service level and over HTTP, on PostgreSQL and on PGlite, beside `pgbench -N` as the
 * machine's ceiling. BENCH_SECONDS (default 10) sets each run's length.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const results: { name: string; value: string }[] = [];
const report = (name: string, value: string) => {
  results.push({ name, value });
  console.log(`${name.padEnd(48)} ${value}`);
};

function pgbenchCeiling(url: string): number | null {
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-N', '-c', '16', '-j', '2', '-T', String(SECONDS), url], {
      encoding: 'utf8',
    });
    const m = /tps = ([\d.]+)/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

async function main() {
  const scratch = await createScratchDatabase('bo_bench_pgbench');
  const ceiling = pgbenchCeiling(scratch.url);
  await scratch.drop();
  report(
    'pgbench -N (tps, 16 clients)',
    ceiling === null ? 'pgbench not available' : ceiling.toFixed(0),
  );

  const pgService = await createScratchDatabase('bo_bench_service');
  const db = await prepareDatabase('postgres', pgService.url, 16);
  const service = await measureServiceIngest(db, SECONDS, 16);
  await db.close();
  await pgService.drop();
  report(
    'service, PostgreSQL (pay-ins/s, 16 workers)',
    `${service.perSecond.toFixed(0)}${service.drift.length ? ' LEDGER DRIFT' : ''}`,
  );
  if (ceiling)
    report(
      'service, PostgreSQL / pgbench -N',
      `${((service.perSecond / ceiling) * 100).toFixed(0)}%`,
    );

  const lite = await prepareDatabase('pglite');
  const liteService = await measureServiceIngest(lite, SECONDS, 4);
  await lite.close();
  report(
    'service, PGlite (pay-ins/s)',
    `${liteService.perSecond.toFixed(0)}${liteService.drift.length ? ' LEDGER DRIFT' : ''}`,
  );

  const pgHttp = await createScratchDatabase('bo_bench_http');
  await (await prepareDatabase('postgres', pgHttp.url, 4)).close();
  const server = await startServer(3901, { DATABASE_URL: pgHttp.url });
  try {
    const http = await measureHttpIngest('http://127.0.0.1:3901', SECONDS, 32);
    report(
      'HTTP merchant API, PostgreSQL (pay-ins/s, 32 clients)',
      `${http.perSecond.toFixed(0)} (${http.errors} errors)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await pgHttp.drop();
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'bo-bench-'));
  await (await prepareDatabase('pglite', dir)).close();
  const liteServer = await startServer(3902, { DATA_DIR: dir, NO_SEED_DEMO: '1' });
  try {
    const http = await measureHttpIngest('http://127.0.0.1:3902', SECONDS, 16);
    report(
      'HTTP merchant API, PGlite (pay-ins/s, 16 clients)',
      `${http.perSecond.toFixed(0)} (${http.errors} errors)`,
    );
  } finally {
    liteServer.kill('SIGTERM');
    await new Promise((r) => liteServer.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
