import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase, prepareDatabase } from './src/bench-db';
import { measureHttpIngest, startServer } from './src/http-ingest';
import { cpuMsPerPayin, httpRunOnPostgres, type HttpRun } from './src/http-side-by-side';
import { measureServiceIngest } from './src/service-ingest';
import { benchCustomer, buildRiskWorld, type RiskWorld } from './src/risk-world';
import { routingDatabase } from './src/routing-world';

/**
 * `npm run bench:ingest`: pay-ins completed per second (create + success callback) at the
 * service level and over HTTP, on PostgreSQL and on PGlite, beside `pgbench -N` as the
 * machine's ceiling. BENCH_SECONDS (default 10) sets each run's length, after
 * BENCH_WARMUP_SECONDS (default 2) not counted; every figure is
 * measured at the original concurrency and at BENCH_WIDE_WORKERS / BENCH_WIDE_CLIENTS.
 * BENCH_BASELINE_DIR (another checkout, its dependencies installed) runs that checkout's server
 * beside this one over HTTP on PostgreSQL, rounds alternating which goes first (this, baseline,
 * baseline, this, …; each run after a CHECKPOINT), under the same load client, and prints both, their ratio, CPU per pay-in and transactions per pay-in.
 * BENCH_RISK=1 runs, in the same ABBA rounds over HTTP on PostgreSQL, this checkout with no
 * rules and with a risk world (bench/src/risk-world.ts: 50 active rules, 10 of them velocity,
 * 100,000 list entries, BENCH_RISK_FACTS facts over 30 days; both sides on copies of the same
 * world, the rules switched off on one), each pay-in carrying a customer; it prints the rate with
 * rules ÷ without (goal ≥ 0.9) and the p50 and p99 of `risk_eval_seconds` (goal p99 ≤ 2 ms).
 * BENCH_ROUTING=1 runs, the same way, this checkout with no routing profile and with one that
 * runs every kind of step (bench/src/routing-world.ts); it prints the rate with routing ÷
 * without (goal ≥ 0.95) and the routed pay-ins' share.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Seconds of load before each measured run (JIT compilation, connections, caches). */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const WIDE_WORKERS = Number(process.env.BENCH_WIDE_WORKERS ?? 256);
const WIDE_CLIENTS = Number(process.env.BENCH_WIDE_CLIENTS ?? 128);
/** BENCH_ONLY (comma-separated: pgbench, service-pg, service-pglite, http-pg, http-pglite) runs a part. */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const BASELINE = process.env.BENCH_BASELINE_DIR;
const RISK = Boolean(process.env.BENCH_RISK);
const ROUTING = Boolean(process.env.BENCH_ROUTING);
/** Facts of the risk world's 30 days (BENCH_RISK). */
const RISK_FACTS = Number(process.env.BENCH_RISK_FACTS ?? 500_000);
/** Rounds of each HTTP-on-PostgreSQL figure (this, baseline, this, baseline for 2). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (BASELINE || RISK || ROUTING ? 2 : 1));
const runs = (part: string) => ONLY.size === 0 || ONLY.has(part);
/** BENCH_HTTP_CLIENTS (comma-separated, say 128) replaces the HTTP-on-PostgreSQL client counts. */
const HTTP_CLIENTS = (process.env.BENCH_HTTP_CLIENTS ?? '').split(',').filter(Boolean).map(Number);
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
  let ceiling: number | null = null;
  if (runs('pgbench')) {
    const scratch = await createScratchDatabase('bo_bench_pgbench');
    ceiling = pgbenchCeiling(scratch.url);
    await scratch.drop();
    report(
      'pgbench -N (tps, 16 clients)',
      ceiling === null ? 'pgbench not available' : ceiling.toFixed(0),
    );
  }

  // Group commit turns concurrency into throughput: each figure is measured at the original
  // concurrency and at a high one (BENCH_WIDE_WORKERS, BENCH_WIDE_CLIENTS).
  for (const workers of runs('service-pg') ? [16, 64, WIDE_WORKERS] : []) {
    const pgService = await createScratchDatabase('bo_bench_service');
    const db = await prepareDatabase('postgres', pgService.url, 16);
    const service = await measureServiceIngest(db, SECONDS, workers, WARMUP);
    await db.close();
    await pgService.drop();
    report(
      `service, PostgreSQL (pay-ins/s, ${workers} workers)`,
      `${service.perSecond.toFixed(0)}${service.drift.length ? ' LEDGER DRIFT' : ''}`,
    );
    if (ceiling)
      report(
        `service, PostgreSQL / pgbench -N (${workers} workers)`,
        `${((service.perSecond / ceiling) * 100).toFixed(0)}%`,
      );
  }

  for (const workers of runs('service-pglite') ? [4, WIDE_WORKERS] : []) {
    const lite = await prepareDatabase('pglite');
    const liteService = await measureServiceIngest(lite, SECONDS, workers, WARMUP);
    await lite.close();
    report(
      `service, PGlite (pay-ins/s, ${workers} workers)`,
      `${liteService.perSecond.toFixed(0)}${liteService.drift.length ? ' LEDGER DRIFT' : ''}`,
    );
  }

  const world = runs('http-pg') && RISK ? await buildRiskWorld(RISK_FACTS, console.log) : null;
  try {
    if (runs('http-pg'))
      for (const clients of HTTP_CLIENTS.length
        ? HTTP_CLIENTS
        : [32, WIDE_CLIENTS, 2 * WIDE_CLIENTS])
        if (world) await httpWithRules(clients, world);
        else if (ROUTING) await httpWithRouting(clients);
        else await httpOnPostgres(clients, ceiling);
  } finally {
    await world?.drop();
  }
  if (runs('http-pglite')) for (const clients of [16, WIDE_CLIENTS]) await httpOnPglite(clients);
}

const describeRun = (run: HttpRun) =>
  `${run.perSecond.toFixed(0)} (${run.errors} errors; CPU ${cpuMsPerPayin(run).toFixed(2)} ms/pay-in: ` +
  `server ${((run.cpu.server * 1000) / run.counted).toFixed(2)}, PostgreSQL ${((run.cpu.postgres * 1000) / run.counted).toFixed(2)}, ` +
  `client ${((run.cpu.client * 1000) / run.counted).toFixed(2)}; ${run.transactionsPerPayin.toFixed(2)} transactions/pay-in)`;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** HTTP on PostgreSQL at `clients`, this checkout and (BENCH_BASELINE_DIR) the baseline, alternating. */
async function httpOnPostgres(clients: number, ceiling: number | null) {
  const mine: HttpRun[] = [];
  const theirs: HttpRun[] = [];
  const runMine = async () => {
    const run = await httpRunOnPostgres(clients, SECONDS, WARMUP);
    mine.push(run);
    report(`HTTP merchant API, PostgreSQL (pay-ins/s, ${clients} clients)`, describeRun(run));
  };
  const runTheirs = async (baseline: string) => {
    const old = await httpRunOnPostgres(clients, SECONDS, WARMUP, baseline);
    theirs.push(old);
    report(`  baseline (pay-ins/s, ${clients} clients)`, describeRun(old));
  };
  for (let round = 1; round <= ROUNDS; round++) {
    // Rounds alternate which checkout goes first (ABBA), so neither always takes the first slot.
    if (BASELINE && round % 2 === 0) await runTheirs(BASELINE);
    await runMine();
    if (BASELINE && round % 2 === 1) await runTheirs(BASELINE);
  }
  const rate = mean(mine.map((r) => r.perSecond));
  if (ROUNDS > 1)
    report(
      `  mean of ${ROUNDS} (pay-ins/s, ${clients} clients)`,
      `${rate.toFixed(0)}, CPU ${mean(mine.map(cpuMsPerPayin)).toFixed(2)} ms/pay-in`,
    );
  if (BASELINE) {
    const old = mean(theirs.map((r) => r.perSecond));
    report(
      `  baseline mean (pay-ins/s, ${clients} clients)`,
      `${old.toFixed(0)}, CPU ${mean(theirs.map(cpuMsPerPayin)).toFixed(2)} ms/pay-in`,
    );
    report(`  this / baseline (${clients} clients)`, (rate / old).toFixed(2));
  }
  if (ceiling) report(`  HTTP / pgbench -N (${clients} clients)`, (rate / ceiling).toFixed(2));
}

/** Milliseconds as read from a histogram: past its last bound (2.5 s), or empty, it says so. */
const ms = (value: number) =>
  Number.isNaN(value)
    ? 'none counted'
    : value === Infinity
      ? '> 2500 ms'
      : `${value.toFixed(3)} ms`;

/**
 * BENCH_RISK: this checkout with no rules and with the risk world's rules, on copies of one world,
 * alternating which goes first (ABBA), every pay-in carrying a customer.
 */
async function httpWithRules(clients: number, world: RiskWorld) {
  const none: HttpRun[] = [];
  const rules: HttpRun[] = [];
  const run = async (withRules: boolean) => {
    const r = await httpRunOnPostgres(clients, SECONDS, WARMUP, undefined, {
      database: () => world.copy(withRules),
      customerOf: () => benchCustomer(),
      readRiskEval: withRules,
    });
    (withRules ? rules : none).push(r);
    const evaluation = r.riskEval
      ? `; risk_eval_seconds p50 ${ms(r.riskEval.p50)}, p99 ${ms(r.riskEval.p99)} over ${r.riskEval.items} pay-ins`
      : '';
    report(
      `HTTP, ${withRules ? 'risk world, rules on' : 'risk world, no rules'} (pay-ins/s, ${clients} clients)`,
      describeRun(r) + evaluation,
    );
  };
  for (let round = 1; round <= ROUNDS; round++) {
    await run(round % 2 === 0);
    await run(round % 2 === 1);
  }
  const [off, on] = [mean(none.map((r) => r.perSecond)), mean(rules.map((r) => r.perSecond))];
  report(`  no rules, mean of ${ROUNDS} (${clients} clients)`, off.toFixed(0));
  report(`  rules on, mean of ${ROUNDS} (${clients} clients)`, on.toFixed(0));
  report(`  rules ÷ no rules (${clients} clients, goal ≥ 0.9)`, (on / off).toFixed(2));
  const evals = rules.flatMap((r) => (r.riskEval ? [r.riskEval] : []));
  report(
    `  risk_eval_seconds p99, worst round (goal ≤ 2 ms)`,
    `${ms(Math.max(...evals.map((e) => e.p99)))} (p50 ${evals.map((e) => ms(e.p50)).join(', ')})`,
  );
}

/** BENCH_ROUTING: this checkout with no routing profile and with one, alternating (ABBA). */
async function httpWithRouting(clients: number) {
  const off: HttpRun[] = [];
  const on: HttpRun[] = [];
  const run = async (routing: boolean) => {
    const r = await httpRunOnPostgres(clients, SECONDS, WARMUP, undefined, {
      database: () => routingDatabase(routing),
    });
    (routing ? on : off).push(r);
    report(
      `HTTP, ${routing ? 'routing on' : 'no routing profile'} (pay-ins/s, ${clients} clients)`,
      describeRun(r),
    );
  };
  for (let round = 1; round <= ROUNDS; round++) {
    await run(round % 2 === 0);
    await run(round % 2 === 1);
  }
  const [without, routed] = [mean(off.map((r) => r.perSecond)), mean(on.map((r) => r.perSecond))];
  report(`  no routing, mean of ${ROUNDS} (${clients} clients)`, without.toFixed(0));
  report(`  routing on, mean of ${ROUNDS} (${clients} clients)`, routed.toFixed(0));
  report(`  routing ÷ no routing (${clients} clients, goal ≥ 0.95)`, (routed / without).toFixed(2));
}

async function httpOnPglite(clients: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-bench-'));
  await (await prepareDatabase('pglite', dir)).close();
  const liteServer = await startServer(3902, { DATA_DIR: dir, NO_SEED_DEMO: '1' });
  try {
    const http = await measureHttpIngest('http://127.0.0.1:3902', SECONDS, clients, WARMUP);
    report(
      `HTTP merchant API, PGlite (pay-ins/s, ${clients} clients)`,
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
