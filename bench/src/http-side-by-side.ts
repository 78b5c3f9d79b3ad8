import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import {
  analyzeWithoutAutovacuum,
  checkpoint,
  createScratchDatabase,
  prepareDatabase,
} from './bench-db';
import { startChainRunner } from './chain-runner';
import { cpuMeter, transactionsOf, type CpuSplit } from './cpu-usage';
import {
  histogramOf,
  histogramSince,
  quantileOf,
  type HistogramSnapshot,
} from './metric-quantiles';
import {
  measureHttpIngest,
  type PayinCustomer,
  signingOf,
  startServer,
  stopServer,
  THIS_CHECKOUT,
} from './http-ingest';

/** One HTTP-on-PostgreSQL run of one checkout's server. */
export interface HttpRun {
  readonly perSecond: number;
  readonly errors: number;
  /** CPU seconds over the counted part: server, PostgreSQL (this database), load client. */
  readonly cpu: CpuSplit;
  /** Pay-ins completed in the counted part (what `cpu` is divided by). */
  readonly counted: number;
  /** Pay-ins completed over the whole run (warm-up included). */
  readonly payins: number;
  /** Database transactions (commits and rollbacks) per completed pay-in, whole run. */
  readonly transactionsPerPayin: number;
  /** `risk_eval_seconds` over the counted part (`RunVariant.readRiskEval`), in milliseconds. */
  readonly riskEval?: RiskEvalFigures;
}

/** The time risk rules took per pay-in at intake, from the server's histogram. */
export interface RiskEvalFigures {
  readonly items: number;
  readonly p50: number;
  readonly p99: number;
}

/** What a run starts from and reads besides pay-ins per second (BENCH_RISK). */
export interface RunVariant {
  /** The database to run on (default: a fresh scratch one, migrated and seeded here). */
  readonly database?: () => Promise<{ url: string; drop: () => Promise<void> }>;
  /** The customer each pay-in carries (default: none). */
  readonly customerOf?: () => PayinCustomer;
  /** Read `risk_eval_seconds` from /metrics as the counted part starts and ends. */
  readonly readRiskEval?: boolean;
}

const SERVER = 'http://127.0.0.1:3901';

async function riskEvalHistogram(): Promise<HistogramSnapshot> {
  const response = await fetch(`${SERVER}/metrics`);
  return histogramOf(await response.text(), 'risk_eval_seconds');
}

function riskEvalFigures(end: HistogramSnapshot, start: HistogramSnapshot): RiskEvalFigures {
  const counted = histogramSince(end, start);
  return {
    items: counted.counts.at(-1) ?? 0,
    p50: quantileOf(counted, 0.5) * 1000,
    p99: quantileOf(counted, 0.99) * 1000,
  };
}

/** Milliseconds of CPU per completed pay-in, all processes together. */
export const cpuMsPerPayin = (run: HttpRun) =>
  ((run.cpu.server + run.cpu.postgres + run.cpu.client) * 1000) / Math.max(1, run.counted);

/**
 * Migrates and seeds a benchmark database with `checkout`'s own code (its migrations and demo
 * seed), in a child process for another checkout, so each server gets the schema it expects.
 */
async function prepareFor(checkout: string, url: string) {
  if (checkout === THIS_CHECKOUT) return (await prepareDatabase('postgres', url, 4)).close();
  const script = `const m = await import(${JSON.stringify(path.join(checkout, 'bench/src/bench-db.ts'))});
await (await m.prepareDatabase('postgres', ${JSON.stringify(url)}, 4)).close();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.join(checkout, 'bench'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`preparing the database for ${checkout} failed`);
}

/** Pay-ins that reached success in a database (every one the load completed, warm-up included). */
async function successfulPayins(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM payins WHERE status = 'success'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The database's transaction count once the exiting server's sessions have reported theirs. */
async function settledTransactions(database: string): Promise<number> {
  let last = await transactionsOf(database);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await transactionsOf(database);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * BENCH_TABLE_WRITES=1: rows inserted, updated and deleted per pay-in in each table of the run's
 * database (PostgreSQL's statistics, flushed once the server has stopped): what the database
 * writes for a pay-in, whatever the machine's load; and how many indexes `payins` has and the
 * index pages they touched per pay-in.
 */
async function printTableWrites(url: string, payins: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; ins: string; upd: string; del: string }>(
      `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del
         FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0
        ORDER BY n_tup_ins + n_tup_upd + n_tup_del DESC`,
    );
    const per = (n: string) => (Number(n) / Math.max(1, payins)).toFixed(2);
    let total = 0;
    for (const r of rows) {
      total += Number(r.ins) + Number(r.upd) + Number(r.del);
      console.log(
        `    ${r.relname.padEnd(40)} ins ${per(r.ins)} upd ${per(r.upd)} del ${per(r.del)}`,
      );
    }
    console.log(`    rows written per pay-in: ${(total / Math.max(1, payins)).toFixed(2)}`);
    // Every index of `payins` takes an entry at each of a pay-in's writes (a status change is
    // never a HOT update): the pages they touch, whatever the machine's load.
    const { rows: indexes } = await client.query<{ indexes: string; pages: string }>(
      `SELECT count(*) AS indexes, coalesce(sum(idx_blks_hit + idx_blks_read), 0) AS pages
         FROM pg_statio_user_indexes WHERE relname = 'payins'`,
    );
    console.log(
      `    payins: ${indexes[0]?.indexes} indexes, ${per(indexes[0]?.pages ?? '0')} index pages touched per pay-in`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Pay-ins per second over HTTP on a fresh PostgreSQL database, `checkout`'s server (default
 * this one) under this process's load client, with CPU over the counted part and database
 * transactions per pay-in. When the cluster runs without autovacuum the database is analysed
 * as the counted part starts (`analyzeWithoutAutovacuum`): a prepared statement's generic plan
 * made while `payins` was empty scans it whole on every write otherwise. `variant` (BENCH_RISK)
 * names the database, the customers and whether to read `risk_eval_seconds`.
 */
export async function httpRunOnPostgres(
  clients: number,
  seconds: number,
  warmup: number,
  checkout = THIS_CHECKOUT,
  variant: RunVariant = {},
): Promise<HttpRun> {
  const scratch = variant.database
    ? await variant.database()
    : await createScratchDatabase('bo_bench_http');
  const database = new URL(scratch.url).pathname.slice(1);
  try {
    if (!variant.database) await prepareFor(checkout, scratch.url);
    await checkpoint();
    const before = await transactionsOf(database);
    const server = await startServer(3901, { DATABASE_URL: scratch.url }, checkout);
    const stopChain = startChainRunner(checkout, scratch.url);
    let cpu: CpuSplit = { server: 0, postgres: 0, client: 0 };
    let riskStart: HistogramSnapshot | undefined;
    let riskEval: RiskEvalFigures | undefined;
    let http: Awaited<ReturnType<typeof measureHttpIngest>>;
    try {
      const meter = await cpuMeter(server.pid!, database);
      http = await measureHttpIngest(
        SERVER,
        seconds,
        clients,
        warmup,
        signingOf(checkout),
        async (edge) => {
          if (edge === 'end') {
            cpu = await meter.end();
            if (riskStart) riskEval = riskEvalFigures(await riskEvalHistogram(), riskStart);
            return;
          }
          // The warm-up has filled the tables: plans made from now on see them as they are.
          await analyzeWithoutAutovacuum(scratch.url);
          if (variant.readRiskEval) riskStart = await riskEvalHistogram();
          await meter.start();
        },
        variant.customerOf,
      );
    } finally {
      await stopChain?.();
      await stopServer(server);
    }
    const transactions = (await settledTransactions(database)) - before;
    const payins = await successfulPayins(scratch.url);
    if (process.env.BENCH_TABLE_WRITES) await printTableWrites(scratch.url, payins);
    return {
      perSecond: http.perSecond,
      errors: http.errors,
      cpu,
      counted: http.total,
      payins,
      transactionsPerPayin: transactions / Math.max(1, payins),
      ...(riskEval && { riskEval }),
    };
  } finally {
    await scratch.drop();
  }
}
