import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildReadApp } from './src/bench-app';
import type { Db } from '../server/src/db/db';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { signInForBench, timeCall, timingOf, type Timing } from './src/call-timer';
import {
  GROWTH_EMAILS,
  GROWTH_LIMITS,
  growthCasesOf,
  growthKeyOf,
  type GrowthCase,
} from './src/growth-cases';
import { openGrowthWorld, type GrowthSize } from './src/growth-world';
import type { BulkWorld } from './src/bulk-world';

/**
 * `npm run bench:growth` (issue 46): whether the screens cost the same at a year of traffic as
 * at five weeks of it. Two worlds of the same traffic a day on PostgreSQL (`growth-world.ts`):
 * BENCH_GROWTH_SMALL pay-ins (default 1 million) over BENCH_GROWTH_DAYS × small ÷ large days,
 * and BENCH_GROWTH_LARGE (10 million) over BENCH_GROWTH_DAYS (365). Every case of
 * `growth-cases.ts` is timed in both, BENCH_ITERATIONS calls a side (default 100) in blocks of
 * ten that take turns after a warm-up, so a drift of the machine falls on both sides; then its
 * p95 at each size and their ratio (goal ≤ 1.2), and the p95 at the large
 * size against the dashboard's 15 ms and the reports' 60 ms (30 days) and 150 ms (365 days).
 * It prints the worlds' build times (when it builds them), their largest tables and the load
 * average before and after.
 *
 * Building the large world takes a while: BENCH_KEEP=1 keeps both worlds and prints their URLs;
 * BENCH_GROWTH_SMALL_URL and BENCH_GROWTH_LARGE_URL measure kept ones again (after applying any
 * new migration). BENCH_ONLY=<group> (dashboard, list, totals, report, search, balance) times
 * the cases of one group.
 */
const env = process.env;
const LARGE = Number(env.BENCH_GROWTH_LARGE ?? 10_000_000);
const SMALL = Number(env.BENCH_GROWTH_SMALL ?? 1_000_000);
const DAYS = Number(env.BENCH_GROWTH_DAYS ?? 365);
const ITERATIONS = Number(env.BENCH_ITERATIONS ?? 100);
const WARM_UP = 10;
const ONLY = env.BENCH_ONLY;
const RATIO_GOAL = 1.2;
const log = (line: string) => console.log(line);

const SIZES: readonly GrowthSize[] = [
  {
    label: 'small',
    payins: SMALL,
    days: (DAYS * SMALL) / LARGE,
    reuseUrl: env.BENCH_GROWTH_SMALL_URL,
  },
  { label: 'large', payins: LARGE, days: DAYS, reuseUrl: env.BENCH_GROWTH_LARGE_URL },
];

/** A world with its app, and each role's signed-in fields. */
interface Side {
  readonly world: BulkWorld;
  readonly app: FastifyInstance;
  readonly auth: Map<string, Record<string, string>>;
  readonly cases: Map<string, GrowthCase>;
}

async function openSide(size: GrowthSize): Promise<Side> {
  const world = await openGrowthWorld(size, log);
  const app = await buildReadApp(world.db, world.url);
  const auth = new Map<string, Record<string, string>>();
  for (const [role, email] of Object.entries(GROWTH_EMAILS))
    auth.set(role, await signInForBench(app, email, DEMO_PASSWORD));
  const all = await growthCasesOf(world.db);
  const cases = new Map(
    all.filter((c) => !ONLY || c.group.startsWith(ONLY)).map((c) => [growthKeyOf(c), c]),
  );
  return { world, app, auth, cases };
}

/** `times` calls of a side's case (after `warmUp`), its samples fastest first. */
function timeOn(side: Side, key: string, times: number, warmUp: number): Promise<Timing> {
  const c = side.cases.get(key)!;
  return timeCall(side.app, c.call, { ...side.auth.get(c.role)!, ...c.fields }, times, warmUp);
}

interface Row {
  readonly key: string;
  readonly c: GrowthCase;
  readonly small?: number;
  readonly large: number;
}

/** Calls per block: the sizes take turns every block, so a drift of the machine falls on both. */
const BLOCK = 10;

/**
 * Times one case: after a warm-up on each side, blocks of BLOCK calls, small and large taking
 * turns (small first in even rounds, large first in odd ones), ITERATIONS calls a side; the
 * p95 of each side's calls. A case timed at the large size only is timed there alone.
 */
async function measureCase(small: Side, large: Side, key: string): Promise<Row> {
  const c = large.cases.get(key)!;
  if (c.largeOnly) {
    const t = await timeOn(large, key, ITERATIONS, WARM_UP);
    return { key, c, large: t.p95 };
  }
  const samples = { small: [] as number[], large: [] as number[] };
  for (let round = 0; round * BLOCK < ITERATIONS; round++) {
    const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const side of order) {
      // Each side's first block (round 0) comes after its warm-up calls, which are not timed.
      const warmUp = round === 0 ? WARM_UP : 0;
      const t = await timeOn(side === 'small' ? small : large, key, BLOCK, warmUp);
      samples[side].push(...t.samples);
    }
  }
  return {
    key,
    c,
    small: timingOf(samples.small).p95,
    large: timingOf(samples.large).p95,
  };
}

/** The database's largest tables, with their indexes and toast. */
async function largestTables(db: Db): Promise<string> {
  const { rows } = await db.query<{ name: string; size: string }>(
    `SELECT c.relname AS name, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname = 'public'
      ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 8`,
  );
  return rows.map((r) => `${r.name} ${r.size}`).join(', ');
}

function printTable(rows: readonly Row[]): void {
  const ms = (v: number | undefined) => (v === undefined ? '' : v.toFixed(2)).padStart(9);
  log(
    `\n${'case'.padEnd(74)} ${'p95 small'.padStart(9)} ${'p95 large'.padStart(9)} ${'ratio'.padStart(6)}  goals`,
  );
  for (const r of rows) {
    const ratio = r.small === undefined ? undefined : r.large / r.small;
    const goals = [
      ...(ratio === undefined
        ? []
        : [`ratio ≤ ${RATIO_GOAL} ${ratio <= RATIO_GOAL ? 'MET' : 'MISSED'}`]),
      ...(r.c.limitMs ? [`≤ ${r.c.limitMs} ms ${r.large <= r.c.limitMs ? 'MET' : 'MISSED'}`] : []),
    ];
    log(
      `${r.key.slice(0, 74).padEnd(74)} ${ms(r.small)} ${ms(r.large)} ${(ratio?.toFixed(2) ?? '').padStart(6)}  ${goals.join('; ')}`,
    );
  }
  const ratios = rows.filter((r) => r.small !== undefined);
  const missedRatio = ratios.filter((r) => r.large / r.small! > RATIO_GOAL);
  const worstRatio = Math.max(...ratios.map((r) => r.large / r.small!));
  log(
    `\nratios: ${ratios.length - missedRatio.length} of ${ratios.length} ≤ ${RATIO_GOAL}; the worst ${worstRatio.toFixed(2)}`,
  );
  for (const [group, limit] of [
    ['dashboard', GROWTH_LIMITS.dashboard],
    ['report 30 d', GROWTH_LIMITS.report30],
    ['report 365 d', GROWTH_LIMITS.report365],
  ] as const) {
    const of = rows.filter((r) => r.c.group === group);
    if (!of.length) continue;
    const worst = of.reduce((w, r) => (r.large > w.large ? r : w));
    log(
      `${group}: worst p95 at the large size ${worst.large.toFixed(2)} ms (${worst.key.trim()}), goal ≤ ${limit} ms ${worst.large <= limit ? 'MET' : 'MISSED'}`,
    );
  }
}

async function main() {
  const small = await openSide(SIZES[0]!);
  const large = await openSide(SIZES[1]!);
  try {
    for (const [label, side] of [
      ['small', small],
      ['large', large],
    ] as const) {
      const { rows } = await side.world.db.query<{ payins: bigint; entries: bigint; days: string }>(
        `SELECT (SELECT count(*) FROM payins) AS payins, (SELECT count(*) FROM entries) AS entries,
                (SELECT round(extract(epoch FROM max(created_at) - min(created_at)) / 86400, 1)::text FROM payins) AS days`,
      );
      const r = rows[0]!;
      log(
        `${label}: ${Number(r.payins).toLocaleString('en')} pay-ins over ${r.days} days, ${Number(r.entries).toLocaleString('en')} entries; ${await largestTables(side.world.db)}`,
      );
    }
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    log(`\nload average before: ${load()}; ${ITERATIONS} calls per case and size`);
    const rows: Row[] = [];
    for (const key of large.cases.keys()) {
      const row = await measureCase(small, large, key);
      rows.push(row);
      log(`  ${key} ${row.small?.toFixed(2) ?? '-'} / ${row.large.toFixed(2)} ms`);
    }
    log(`load average after: ${load()}`);
    printTable(rows);
  } finally {
    for (const side of [small, large]) {
      await side.app.close();
      await side.world.done();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
