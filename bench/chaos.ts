import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres } from '../server/src/db/postgres';
import { BENCH_SANDBOX_SECRET } from './src/bench-secret';
import {
  acknowledged,
  answeredHonestly,
  changedBodiesRefused,
  checkOf,
  oneIdPerKey,
  type CheckResult,
} from './src/chaos-checks';
import { ChaosApprover } from './src/chaos-approver';
import { ChaosReaders, readsAnswered } from './src/chaos-readers';
import { ChaosSettler, PAYOUT_REQUESTS } from './src/chaos-settler';
import {
  backOfficeRequestsAnswered,
  backOfficeRequestsKept,
  settlementsFinal,
  settlementsLeftOpen,
  settlementsSentOnce,
} from './src/chaos-settlement-checks';
import { ChaosCourier } from './src/chaos-courier';
import {
  acknowledgedWritesKept,
  leftOpen,
  moneyBalanced,
  noDoubleRows,
  nothingLeftOpen,
  notificationsDelivered,
  sentOnce,
} from './src/chaos-db-checks';
import { runFaults } from './src/chaos-faults';
import { startBalancer } from './src/chaos-balancer';
import { ChaosFleet, ChaosInstance } from './src/chaos-instance';
import { runChaosWrites, type ChaosLoadOptions } from './src/chaos-load';
import { startChaosNotifySink } from './src/chaos-notify-sink';
import { RecordBook } from './src/chaos-records';
import { printBottomLine, printChecks, printFaults, printWrites } from './src/chaos-report';
import { FAULT_KINDS, planFaults, type FaultKind } from './src/chaos-schedule';
import { removeSqlFaults } from './src/chaos-sql-faults';
import { prepareChaosDatabase } from './src/chaos-database';
import { fundPayouts } from './src/chaos-world';
import { hasPgAutoFailover } from './src/failover-cluster';
import { runLedgerCheck } from './src/soak-ledger-check';
import { SOAK_MERCHANTS } from './src/soak-world';

/**
 * `npm run bench:chaos` (issue 45; docs/reliability.md): merchant-API clients write pay-ins,
 * pay-outs and refunds under idempotency keys, retrying as the docs tell merchants, while a
 * seeded schedule of faults hits the product: instance kills, serialization and deadlock
 * failures, primary kills (failover), a network to the database that drops, stalls or resets,
 * callbacks twice, late or early, a notification endpoint that fails. Then it checks,
 * from the clients' records and the database, that nothing answered was lost, nothing was
 * applied or sent twice, no changed body under a used key was taken, every final status was
 * notified, and the books balance (`ledger:check`). The same CHAOS_SEED gives the same faults.
 * CHAOS_INSTANCES (2) product instances run behind a round-robin balancer, on a pg_auto_failover
 * cluster (CHAOS_CLUSTER=1, the default when pg_autoctl is installed and the run is not short)
 * or one scratch database on the machine's PostgreSQL, each server behind a TCP proxy.
 *
 * CHAOS_SHORT=1: 60 s and 3 faults (an instance kill, a deadlock and a dropped network to the
 * database), on one database, as CI runs it; a full run holds every kind of fault at least once.
 * Settings: CHAOS_SEED, CHAOS_SECONDS (600), CHAOS_FAULTS (24), CHAOS_KINDS (comma list),
 * CHAOS_PAYINS_PER_SECOND (20), CHAOS_PAYOUTS_PER_SECOND (1), CHAOS_REFUNDS_PER_SECOND (0.5).
 * Exits 1 when a check fails. BENCH_KEEP=1 keeps the database.
 */
const SHORT = process.env.CHAOS_SHORT === '1';
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = env('CHAOS_SEED', Math.floor(Math.random() * 1_000_000));
const SECONDS = env('CHAOS_SECONDS', SHORT ? 60 : 600);
const FAULTS = env('CHAOS_FAULTS', SHORT ? 3 : 24);
const CLUSTER = process.env.CHAOS_CLUSTER
  ? process.env.CHAOS_CLUSTER === '1'
  : !SHORT && hasPgAutoFailover();
const KINDS =
  (process.env.CHAOS_KINDS?.split(',') as FaultKind[] | undefined) ??
  FAULT_KINDS.filter((kind) => CLUSTER || kind !== 'primary_kill');
const MUST: readonly FaultKind[] = SHORT ? ['instance_kill', 'sql_deadlock', 'db_drop'] : KINDS;
const PORT = env('CHAOS_PORT', 4740);
/** Product instances behind the run's balancer (on CHAOS_PORT + 1, + 2, …). */
const INSTANCES = env('CHAOS_INSTANCES', 2);
/** How long the run waits after the window for callbacks and notifications to settle. */
const SETTLE_MS = 180_000;
const log = (line = '') => console.log(line);
const s1 = (ms: number) => (ms / 1000).toFixed(1);

async function waitUntil(what: string, done: () => Promise<boolean>, withinMs: number) {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > withinMs) {
      log(`  gave up waiting for ${what} after ${withinMs / 1000} s`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`  ${what}: waited ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const plan = planFaults({
    seed: SEED,
    seconds: SECONDS,
    count: FAULTS,
    kinds: KINDS,
    must: MUST,
  });
  log(
    `Chaos run, seed ${SEED}: ${SECONDS} s, ${plan.length} faults, ${INSTANCES} instance(s) behind a round-robin balancer on ${CLUSTER ? 'a pg_auto_failover cluster (two nodes)' : 'one PostgreSQL'}, through a TCP proxy`,
  );
  for (const f of plan)
    log(
      `  planned ${String(f.index + 1).padStart(2)}. at ${(f.atMs / 1000).toFixed(1)} s ${f.kind} for ${(f.durationMs / 1000).toFixed(1)} s`,
    );

  const database = await prepareChaosDatabase({
    cluster: CLUSTER,
    usersPerRole: 2,
    firstProxyPort: PORT + 10,
  });
  const { world, db } = database;
  const sink = await startChaosNotifySink();
  const fleet = new ChaosFleet(
    Array.from(
      { length: INSTANCES },
      (_, i) =>
        new ChaosInstance(PORT + 1 + i, {
          DATABASE_URL: database.productUrl,
          NO_MONEY_JOBS: '0',
          NOTIFY_ALLOW_LOCAL: '1',
          // The sandbox never calls back by itself within the run: the courier plays the gateway.
          SANDBOX_LATENCY_MS: '3600000',
          SANDBOX_DUPLICATE_PPM: '0',
        }),
    ),
  );
  const balancer = await startBalancer(fleet.instances.map((i) => i.port));
  const base = () => balancer.base;
  const courierDb = await openPostgres(database.url, 4);
  const courier = new ChaosCourier(courierDb, SEED, base, BENCH_SANDBOX_SECRET);
  const book = new RecordBook();
  const prefix = `chaos-${SEED}-${Date.now().toString(36)}`;
  const admins = world.users.filter((u) => u.role === 'admin');
  const approver = new ChaosApprover(db, base, admins, prefix);
  const settler = new ChaosSettler(db, base, world.users, SEED, prefix);
  const payoutDesk = new ChaosSettler(db, base, world.users, SEED, prefix, {}, PAYOUT_REQUESTS);
  const readers = new ChaosReaders(base, world.users, { seed: SEED });
  const began = Date.now();
  let failed: boolean;
  try {
    await fleet.start();
    await fundPayouts(
      balancer.base,
      admins,
      SOAK_MERCHANTS.map((m) => m.code),
      '50000000.00',
    );
    const payinMerchant = new Map<string, string>();
    let scanned = 0;
    const load: ChaosLoadOptions = {
      seed: SEED,
      prefix,
      base: base,
      merchants: SOAK_MERCHANTS,
      notifyUrl: sink.url,
      seconds: SECONDS,
      rates: {
        payin: env('CHAOS_PAYINS_PER_SECOND', 20),
        payout: env('CHAOS_PAYOUTS_PER_SECOND', 1),
        refund: env('CHAOS_REFUNDS_PER_SECOND', 0.5),
      },
      changedShare: SHORT ? 0.05 : 0.02,
      nextPaidPayin: () => {
        const id = courier.nextPaidPayin();
        if (id === undefined) return undefined;
        // The records added since the last call name the pay-ins' merchants.
        for (; scanned < book.all.length; scanned++) {
          const r = book.all[scanned]!;
          if (r.op === 'payin' && r.id) payinMerchant.set(r.id, r.merchant);
        }
        const merchant = payinMerchant.get(id);
        return merchant ? { id, merchant } : undefined;
      },
      book,
    };
    courier.start();
    approver.start();
    settler.start();
    payoutDesk.start();
    readers.start();
    const openedAt = Date.now();
    log('\nthe window:');
    const [faults] = await Promise.all([
      runFaults(
        plan,
        { db, proxies: database.proxies, cluster: database.cluster, fleet, courier, sink },
        log,
      ),
      runChaosWrites('payin', load),
      runChaosWrites('payout', load),
      runChaosWrites('refund', load),
    ]);
    await settler.stopRequests();
    await payoutDesk.stopRequests();
    await readers.stop();
    const closedAt = openedAt + SECONDS * 1000;
    log(
      `\nafter the window (faults over, clients done ${s1(Math.max(0, Date.now() - closedAt))} s after it):`,
    );
    // The courier and the reviewers keep working until every write is final: a write is final
    // once the gateway answered it and, for a refund or a back-office pay-out, two admins
    // approved it first.
    await waitUntil(
      'every write final',
      async () => (await leftOpen(db, prefix)).length === 0,
      SETTLE_MS,
    );
    await approver.stop();
    await payoutDesk.stop();
    await waitUntil(
      'every settlement final',
      async () => (await settlementsLeftOpen(db, prefix)).length === 0,
      SETTLE_MS,
    );
    await settler.stop();
    await waitUntil(
      'every notification delivered',
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM merchant_notifications WHERE status = 'pending'`,
        );
        return rows[0]!.n === 0;
      },
      SETTLE_MS,
    );
    await courier.stop();
    await fleet.stop();
    await removeSqlFaults(db);
    const settledAt = Date.now();

    printWrites(book.all);
    printFaults(faults, book.all, openedAt, closedAt);
    log(
      `\ncourier: ${courier.delivered} callbacks delivered (${courier.posted} posts), ${courier.undelivered} given up`,
    );
    log(
      `back-office approvals: ${approver.approved} of ${approver.sent} answered 200; others: ${[...approver.refused].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    );
    for (const line of [...settler.summary(), ...payoutDesk.summary(), ...readers.summary()])
      log(line);

    const ledger = await runLedgerCheck(database.url);
    const kept = await acknowledgedWritesKept(db, book.all);
    const oneId = oneIdPerKey(book.all);
    const oneRow = await noDoubleRows(db, prefix);
    const checks: CheckResult[] = [
      kept,
      oneId,
      oneRow,
      changedBodiesRefused(book.all),
      await sentOnce(db),
      await notificationsDelivered(db, prefix, sink.deliveries),
      await moneyBalanced(db),
      await nothingLeftOpen(db, prefix),
      {
        name: 'ledger:check',
        passed: ledger.passed,
        details: ledger.passed ? [] : ledger.output.split('\n'),
      },
      answeredHonestly(book.all),
      await backOfficeRequestsKept(db, prefix, settler.asks),
      backOfficeRequestsAnswered(settler.asks),
      await backOfficeRequestsKept(db, prefix, payoutDesk.asks, PAYOUT_REQUESTS),
      backOfficeRequestsAnswered(payoutDesk.asks, PAYOUT_REQUESTS),
      await settlementsSentOnce(db),
      await settlementsFinal(db, prefix),
      readsAnswered(readers),
      checkOf(
        'no product instance died outside the plan',
        fleet.unplannedExits.map((e) => `${e.port}: ${e.how} at ${e.at.toISOString()}`),
      ),
    ];
    printChecks(checks);
    const answered = [...acknowledged(book.all).values()].reduce((n, l) => n + l.length, 0);
    printBottomLine(answered, kept, [oneId, oneRow]);
    const folder = path.join(tmpdir(), `chaos-${SEED}`);
    mkdirSync(folder, { recursive: true });
    book.save(path.join(folder, 'records.jsonl'));
    failed = checks.some((c) => !c.passed);
    log(
      `\ntimes: world and instances ready ${s1(openedAt - began)} s, window ${SECONDS} s, settling ${s1(settledAt - closedAt)} s, checks ${s1(Date.now() - settledAt)} s, in all ${s1(Date.now() - began)} s`,
    );
    log(`\nrecords: ${path.join(folder, 'records.jsonl')}`);
    log(
      `chaos run ${failed ? 'FAILED' : 'passed'} (seed ${SEED}; again: CHAOS_SEED=${SEED}${SHORT ? ' CHAOS_SHORT=1' : ''} npm run bench:chaos)`,
    );
  } finally {
    await approver.stop();
    await settler.stop();
    await payoutDesk.stop();
    await readers.stop();
    await courier.stop().catch(() => undefined);
    await courierDb.close();
    await fleet.stop().catch(() => undefined);
    await balancer.close();
    await sink.close();
    if (process.env.BENCH_KEEP) log(`kept: ${world.url}`);
    await database.close(Boolean(process.env.BENCH_KEEP));
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
