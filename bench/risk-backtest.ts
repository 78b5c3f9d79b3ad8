import { randomUUID } from 'node:crypto';
import { readRuleDefinition, RISK_BACKTEST_DAYS } from '@bo/contract';
import type { Db } from '../server/src/db/db';
import { windowChunks, runBacktest } from '../server/src/modules/risk/risk-backtest';
import { findBacktest, insertBacktest } from '../server/src/modules/risk/risk-backtest.queries';
import { foldRiskHours } from '../server/src/modules/risk/risk-fold';
import type { EvaluatedRule } from '../server/src/modules/risk/risk-types';
import { openBulkWorld } from './src/bulk-world';
import { addBulkAccounts } from './src/dashboard-world';

/**
 * `npm run bench:risk-backtest` (issue 42; docs/risk.md, "Backtests"): how long a 90-day
 * backtest takes on PostgreSQL at BENCH_FACTS requests (default 10 million) in the window, plus
 * a tenth as many in the 30 days before it. Facts are written straight into `risk_facts`
 * (the table intake fills; its seven indexes in place): pay-ins of the bench merchants with a
 * customer e-mail and address (one address very heavy), and one pay-out in fifty with a bank
 * account. Three rules, each backtested alone, as `startRiskBacktest` runs them:
 *
 * - plain: pay-ins over 49,000 THB (the amount narrows the read in SQL);
 * - velocity: a customer e-mail paying in 3 times within an hour (every pay-in is decided,
 *   with its history read);
 * - done-when: pay-outs over 50,000 THB to a bank account first seen today.
 *
 * Goal: ≤ 60 s for a 90-day backtest at 10 million. BENCH_KEEP=1 keeps the world and prints
 * its URL; BENCH_RISK_URL=<that URL> measures it again without building it. BENCH_ONLY=plain,
 * velocity or doneWhen runs one rule.
 */
const FACTS = Number(process.env.BENCH_FACTS ?? 10_000_000);
const REUSE = process.env.BENCH_RISK_URL;
const ONLY = process.env.BENCH_ONLY;
const log = (line: string) => console.log(line);

const RULES: Record<string, unknown> = {
  plain: {
    kinds: ['payin'],
    action: { type: 'review' },
    when: { amount: { currency: 'THB', op: 'gt', value: '49000' } },
  },
  velocity: {
    kinds: ['payin'],
    action: { type: 'review' },
    when: {
      velocity: {
        measure: 'count',
        key: 'email',
        window: { hours: 1 },
        scope: 'merchant',
        op: 'gte',
        value: '3',
      },
    },
  },
  doneWhen: {
    kinds: ['payout'],
    action: { type: 'review', approvers: 2 },
    when: {
      all: [
        { amount: { currency: 'THB', op: 'gt', value: '50000' } },
        { firstSeen: { key: 'bank_account', since: 'today' } },
      ],
    },
  },
};

/** `count` facts spread evenly over `[from, to)`, in batches of a million. */
async function writeFacts(db: Db, count: number, from: Date, to: Date, first: number) {
  const step = (to.getTime() - from.getTime()) / count;
  for (let start = 0; start < count; start += 1_000_000) {
    const end = Math.min(count, start + 1_000_000);
    await db.query(
      `INSERT INTO risk_facts (ref_id, kind, merchant_account_id, reseller_account_id, at, currency,
                               amount, email_h, customer_ip_h, bank_account_h)
       SELECT gen_random_uuid(), CASE WHEN i % 50 = 0 THEN 'payout' ELSE 'payin' END,
              m.ids[1 + i % m.n], NULL,
              $1::timestamptz + make_interval(secs => (i - $2) * $3::float8 / 1000),
              'THB', 10000 + (i::bigint * 7919) % 5000000,
              CASE WHEN i % 50 <> 0 THEN (i % 400003)::bigint * 1000003 + 1 END,
              CASE WHEN i % 50 = 0 THEN NULL WHEN i % 100 = 1 THEN 42 ELSE (i % 150001)::bigint * 7 + 2 END,
              CASE WHEN i % 50 = 0 THEN (i % 20011)::bigint * 13 + 5 END
         FROM generate_series($4::bigint, $5::bigint) i,
              (SELECT array_agg(id) AS ids, count(*)::int AS n FROM accounts
                WHERE account_db_code LIKE 'BMR%') m`,
      [from.toISOString(), first, step, first + start, first + end - 1],
    );
    log(`  ${end.toLocaleString('en')} of ${count.toLocaleString('en')} facts`);
  }
}

async function build(db: Db) {
  await addBulkAccounts(db);
  const to = new Date();
  const from = new Date(to.getTime() - RISK_BACKTEST_DAYS * 86_400_000);
  const before = new Date(from.getTime() - 30 * 86_400_000);
  log(
    `World: ${FACTS.toLocaleString('en')} facts in 90 days, ${(FACTS / 10).toLocaleString('en')} before`,
  );
  await writeFacts(db, FACTS / 10, before, from, 0);
  await writeFacts(db, FACTS, from, to, FACTS / 10);
  // What the money jobs' fold does to the closed hours on a running server: done now.
  log(`Folded ${(await foldRiskHours(db, to)).toLocaleString('en')} hours of facts`);
  // What autovacuum does to an insert-only table (and its BRIN ranges) soon after: done now.
  await db.exec('VACUUM ANALYZE risk_facts');
  await db.exec('VACUUM ANALYZE risk_key_hours');
}

async function ruleOf(db: Db, name: string, definition: unknown): Promise<EvaluatedRule> {
  const id = randomUUID();
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM accounts WHERE account_type = 'admin' ORDER BY created_at LIMIT 1",
  );
  const admin = rows[0]!.id;
  await db.query(
    `INSERT INTO risk_rules (id, name, mode, current_version, created_by, created_at, updated_at)
     VALUES ($1, $2, 'draft', 1, $3, now(), now())`,
    [id, `bench ${name}`, admin],
  );
  await db.query(
    `INSERT INTO risk_rule_versions (rule_id, version, definition, created_by, created_at)
     VALUES ($1, 1, $2, $3, now())`,
    [id, JSON.stringify(definition), admin],
  );
  const read = readRuleDefinition(definition);
  if (!read.ok) throw new Error(`bench rule ${name} does not read`);
  const owner = { scope: 'platform' as const, merchantId: null, resellerId: null };
  return { id, version: 1, mode: 'draft', owner, definition: read.definition };
}

async function main() {
  const world = await openBulkWorld('bench_risk_backtest', REUSE, build, log);
  try {
    for (const [name, definition] of Object.entries(RULES)) {
      if (ONLY && ONLY !== name) continue;
      const rule = await ruleOf(world.db, name, definition);
      const to = new Date();
      const from = new Date(to.getTime() - RISK_BACKTEST_DAYS * 86_400_000);
      const id = randomUUID();
      const chunks = windowChunks(from, to).length;
      await insertBacktest(world.db, {
        id,
        ruleId: rule.id,
        version: 1,
        from,
        to,
        chunks,
        startedBy: 'bench',
      });
      const started = performance.now();
      await runBacktest(world.db, id, rule, { from, to });
      const seconds = (performance.now() - started) / 1000;
      const done = await findBacktest(world.db, rule.id, id);
      log(
        `${name.padEnd(9)} ${seconds.toFixed(1).padStart(7)} s  ${done!.status}  ` +
          `watched ${done!.scanned.toLocaleString('en')}  matched ${done!.matched.toLocaleString('en')}` +
          `  (${Math.round(done!.scanned / seconds).toLocaleString('en')} watched/s; goal ≤ 60 s)` +
          (done!.error ? `  error: ${done!.error}` : ''),
      );
    }
  } finally {
    await world.done();
  }
}

await main();
