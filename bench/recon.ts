import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { RECON_FILE_PART } from '@bo/contract';
import { buildReadApp } from './src/bench-app';
import {
  DEFAULT_PLANT_RATES,
  SANDBOX_MAP_FIELDS,
} from '../server/src/connectors/sandbox/sandbox-statement';
import type { Db } from '../server/src/db/db';
import { sandboxStatementOf } from '../server/src/modules/reconciliation/recon-sandbox';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { BENCH_GATEWAY } from './src/bench-db';
import { openBulkWorld } from './src/bulk-world';
import { callData, signInForBench, timeCall } from './src/call-timer';
import { addBulkAccounts } from './src/dashboard-world';
import { addGatewayDay, addReconHistory, HISTORY_GATEWAYS } from './src/recon-payins';

/**
 * `npm run bench:recon`: a gateway statement of about a million lines imported and matched
 * against BENCH_RECON_PAYINS pay-ins (default 1,000,000) of one gateway and day, on
 * PostgreSQL, over real HTTP: the admin saves the sandbox's column map, then uploads the file
 * the sandbox wrote of that day (its own format, its planted differences: 1% missing, 0.5%
 * extra, 0.4% duplicated, 1% each of amount, status, fee and late, so the statement stays under
 * RECON_MAX_LINES), streamed from disk as a browser sends it. Prints the seconds from the first
 * byte sent to the run's answer, how far the server's resident memory rose meanwhile (the
 * server runs in this process; sampled every 20 ms), the run's classes, and p50/p95 of the
 * run's first page of lines (all, and two class tabs).
 *
 * BENCH_RECON_HISTORY (default 0) adds that many pay-ins of history over ten gateways and the
 * 90 days before (issue 46: matching the same statement costs the same ± 20 % at 1 and at 10
 * million rows in `payins`; `addReconHistory`).
 *
 * Targets (issue 28): ≤ 60 s, memory < +200 MB, first page p95 ≤ 50 ms. BENCH_KEEP=1 keeps
 * the world and prints its URL; BENCH_RECON_URL=<that URL> imports again into it (each run
 * with a new seed, so never the same file twice). BENCH_ITERATIONS (default 50).
 */
const PAYINS = Number(process.env.BENCH_RECON_PAYINS ?? 1_000_000);
const HISTORY = Number(process.env.BENCH_RECON_HISTORY ?? 0);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const REUSE = process.env.BENCH_RECON_URL;
const SECONDS_TARGET = 60;
const MEMORY_TARGET_MB = 200;
const PAGE_TARGET_MS = 50;
const RATES = { ...DEFAULT_PLANT_RATES, missing: 0.01, extra: 0.005, duplicate: 0.004 };
const log = (line: string) => console.log(line);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The whole UTC day before `now`: the period of a new world's pay-ins and of the statement. */
function dayBefore(now: Date): { from: Date; to: Date } {
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  const from = new Date(start.getTime() - 86_400_000);
  return { from, to: new Date(start.getTime() - 1) };
}

/** The day of a kept world's pay-ins (the day before it was built). */
async function worldDay(db: Db): Promise<{ from: Date; to: Date }> {
  const { rows } = await db.query<{ at: Date }>(
    `SELECT min(created_at) AS at FROM payins WHERE order_id LIKE 'recon-%'`,
  );
  return dayBefore(new Date(rows[0]!.at.getTime() + 86_400_000));
}

/** The sandbox's statement of the day, written to `file`; answers what it planted, by kind. */
async function writeStatement(
  db: Db,
  gatewayId: string,
  day: { from: Date; to: Date },
  file: string,
  seed: number,
) {
  const statement = sandboxStatementOf(db, { id: gatewayId }, day, seed, RATES);
  const out = createWriteStream(file);
  for await (const chunk of statement.text) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const planted = new Map<string, number>();
  for (const p of statement.planted) planted.set(p.kind, (planted.get(p.kind) ?? 0) + 1);
  return planted;
}

/** The file as a multipart body, the fields first, streamed from disk. */
function multipartOf(fields: Record<string, string>, file: string) {
  const boundary = `----bench-${randomUUID()}`;
  const head =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${RECON_FILE_PART}"; filename="statement.csv"\r\n` +
    'Content-Type: text/csv\r\n\r\n';
  async function* parts() {
    yield Buffer.from(head);
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: Readable.toWeb(Readable.from(parts())),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Samples this process's resident memory until stopped; answers the highest seen. */
function sampleMemory() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage.rss());
  };
}

interface RunAnswer {
  run: { id: string; line_count: number; matched_count: number; difference_count: number };
  currencies: {
    currency: string;
    classes: { class: string; count: number }[];
    balances: boolean;
  }[];
}

async function main() {
  let day = dayBefore(new Date());
  const world = await openBulkWorld(
    'bo_bench_recon',
    REUSE,
    async (db) => {
      await addBulkAccounts(db);
      log(
        `World: ${PAYINS.toLocaleString('en')} pay-ins of ${BENCH_GATEWAY} on ${day.from.toISOString().slice(0, 10)}`,
      );
      await addGatewayDay(db, PAYINS, day, log);
      if (HISTORY > 0) {
        log(`History: ${HISTORY.toLocaleString('en')} pay-ins over ${HISTORY_GATEWAYS} gateways`);
        await addReconHistory(db, HISTORY, day, log);
      }
    },
    log,
  );
  const { db } = world;
  if (REUSE) day = await worldDay(db);
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-bench-recon-'));
  const app = await buildReadApp(db, world.url);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { rows: gw } = await db.query<{ id: string }>(
      'SELECT id FROM payment_gateways WHERE payment_gateway_code = $1',
      [BENCH_GATEWAY],
    );
    const gatewayId = gw[0]!.id;
    const { rows: held } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM payins');
    log(`payins holds ${Number(held[0]!.n).toLocaleString('en')} rows`);
    const { rows: runs } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM recon_runs');
    const seed = Number(runs[0]!.n) + 1;

    const file = path.join(dir, 'statement.csv');
    let started = Date.now();
    const planted = await writeStatement(db, gatewayId, day, file, seed);
    log(
      `Statement (seed ${seed}): ${mb(statSync(file).size)} MB written in ${((Date.now() - started) / 1000).toFixed(1)} s; planted ${[...planted].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );

    const auth = await signInForBench(app, 'admin@demo.test', DEMO_PASSWORD);
    await callData(app, 'saveReconColumnMap', { ...auth, gatewayId, ...SANDBOX_MAP_FIELDS });
    globalThis.gc?.();
    const before = process.memoryUsage.rss();
    const peakOf = sampleMemory();
    const { body, type } = multipartOf(
      { ...auth, gatewayId, from: day.from.toISOString(), to: day.to.toISOString() },
      file,
    );
    started = Date.now();
    const response = await fetch(`${base}/controller/admin/importReconStatement`, {
      method: 'POST',
      body,
      headers: { 'content-type': type },
      duplex: 'half',
    } as RequestInit);
    const answer = (await response.json()) as { status: number; message: string; data: RunAnswer };
    const seconds = (Date.now() - started) / 1000;
    const rose = peakOf() - before;
    if (answer.status !== 200)
      throw new Error(`import answered ${answer.status}: ${answer.message}`);
    const { run } = answer.data;
    log(
      `\nImported and matched ${run.line_count.toLocaleString('en')} lines: ${seconds.toFixed(1)} s (target ≤ ${SECONDS_TARGET} s: ${seconds <= SECONDS_TARGET ? 'met' : 'NOT MET'})`,
    );
    log(
      `  resident memory rose ${mb(rose)} MB (${mb(before)} → ${mb(before + rose)} MB; target < ${MEMORY_TARGET_MB} MB: ${rose < MEMORY_TARGET_MB * 1024 * 1024 ? 'met' : 'NOT MET'})`,
    );
    log(
      `  matched ${run.matched_count.toLocaleString('en')}, differences ${run.difference_count.toLocaleString('en')}`,
    );
    for (const c of answer.data.currencies)
      log(
        `  ${c.currency}: ${c.classes.map((k) => `${k.class} ${k.count}`).join(', ')}; totals balance: ${c.balances}`,
      );

    log(`\nThe run's first page of lines (getReconLineList, 25 a page), ${ITERATIONS} calls each`);
    for (const cls of [undefined, 'amount_mismatch', 'missing_at_gateway']) {
      const fields: Record<string, string> = { ...auth, runId: run.id, page: '1', pageSize: '25' };
      if (cls) fields.class = cls;
      const t = await timeCall(app, 'getReconLineList', fields, ITERATIONS);
      log(
        `  ${(cls ?? 'all lines').padEnd(20)} p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms (target ≤ ${PAGE_TARGET_MS}: ${t.p95 <= PAGE_TARGET_MS ? 'met' : 'NOT MET'})`,
      );
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    await world.done();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
