import { availableParallelism, loadavg } from 'node:os';
import { startServer, stopServer } from './src/http-ingest';
import { readBackgroundFigures, waitForBackground, type DelayFigures } from './src/soak-background';
import {
  checkEveryMerchant,
  PAYIN_CREATE,
  probeIntake,
  runOpenLoopIngest,
  type IngestTarget,
} from './src/soak-ingest';
import { LatencyBook } from './src/soak-latency';
import { runLedgerCheck } from './src/soak-ledger-check';
import { watchMetrics, type MetricsSummary } from './src/soak-metrics';
import { startNotifySink } from './src/soak-notify-sink';
import { runReaders } from './src/soak-readers';
import { prepareSoakWorld, SOAK_MERCHANTS, type SoakWorld } from './src/soak-world';
import {
  prepareGatewayFaults,
  readRoutedFigures,
  runGatewayFaults,
  type FaultDone,
} from './src/soak-gateway-faults';

/**
 * `npm run bench:soak`: the server under mixed load for a while, on PostgreSQL over real HTTP.
 * The server runs as in production with the sandbox gateway completing pay-ins by itself
 * (SANDBOX_AUTO_PAY), so callbacks, ledger postings, rollups and merchant notifications run
 * behind the intake. First SOAK_PROBE_SECONDS of closed-loop intake find the most pay-ins per
 * second it takes; then for SOAK_SECONDS pay-ins arrive open-loop at SOAK_LOAD_PERCENT of that
 * while signed-in users (SOAK_USERS_PER_ROLE admins, resellers and merchants) click through
 * dashboards and lists. Prints the rates, p50/p95/p99 per kind of request, every error (the
 * goal is none), how late the background work ran, then runs `ledger:check` on the database.
 * Exits 1 when a request failed or the ledger check did not pass. SOAK_GATEWAY_FAULTS=1 routes
 * the pay-ins between both THB gateways and fails and recovers each in turn during the window
 * (src/soak-gateway-faults.ts, issue 43); a fault the server refused to set fails the run too.
 */
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('SOAK_SECONDS', 60);
const PROBE_SECONDS = env('SOAK_PROBE_SECONDS', 10);
/** Seconds of intake before the probe's count starts (compilation, connections, caches). */
const WARMUP_SECONDS = env('SOAK_WARMUP_SECONDS', 2);
/** Closed loops of the probe: as many as bench:ingest's wide run, since group commit turns concurrency into throughput. */
const PROBE_CLIENTS = env('SOAK_PROBE_CLIENTS', 128);
const LOAD_PERCENT = env('SOAK_LOAD_PERCENT', 80);
const USERS_PER_ROLE = env('SOAK_USERS_PER_ROLE', 3);
const THINK_MS = env('SOAK_THINK_MS', 250);
/** The sandbox gateway's callback latency; 150 ms is what the demo gateways are set to. */
const SANDBOX_LATENCY_MS = env('SOAK_SANDBOX_LATENCY_MS', 150);
/** How long the background work may take to finish after a phase before we go on regardless. */
const DRAIN_SECONDS = env('SOAK_DRAIN_SECONDS', 60);
const PORT = env('SOAK_PORT', 4731);
/** SOAK_NOTIFY=0 sends pay-ins without a notify_url (no merchant notifications). */
const NOTIFY = process.env.SOAK_NOTIFY !== '0';
/** SOAK_GATEWAY_FAULTS=1: both THB gateways routed, each failed and recovered during the window. */
const GATEWAY_FAULTS = process.env.SOAK_GATEWAY_FAULTS === '1';
const log = (line = '') => console.log(line);

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-').padStart(8);
const s1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
const delayLine = (d: DelayFigures) =>
  `${d.count} rows, p50 ${s1(d.p50)} ms, p95 ${s1(d.p95)} ms, p99 ${s1(d.p99)} ms, max ${s1(d.max)} ms`;

function printLatencies(book: LatencyBook) {
  const figures = book
    .figures()
    .sort((a, b) =>
      a.kind === PAYIN_CREATE ? -1 : b.kind === PAYIN_CREATE ? 1 : a.kind.localeCompare(b.kind),
    );
  log(
    `\n${'kind'.padEnd(48)} ${'count'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  let reads = 0;
  for (const f of figures) {
    if (f.kind !== PAYIN_CREATE) reads += f.count;
    log(
      `${f.kind.padEnd(48)} ${String(f.count).padStart(7)} ${(f.count / SECONDS).toFixed(1).padStart(7)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)} ${ms(f.max)}`,
    );
  }
  log(`reads: ${reads} in ${SECONDS} s = ${(reads / SECONDS).toFixed(1)}/s`);
}

function printMetrics(m: MetricsSummary) {
  const n = m.notificationsAtEnd;
  log(`\n/metrics during the soak (${m.scrapes} scrapes, ${m.failedScrapes} failed):`);
  log(
    `  money jobs: ${m.jobRounds} rounds, mean ${s1(m.meanJobRound * 1000)} ms, slowest ≤ ${m.slowestJobRoundAtMost} s; longest since a round ended ${s1(m.maxJobsRunAge)} s`,
  );
  log(
    `  merchant notifications: oldest due waited at most ${s1(m.maxNotificationLag)} s; at the end due ${n.due}, retrying ${n.retrying}, waiting ${n.waiting}, abandoned ${n.abandoned}`,
  );
  log(
    `  event-loop lag p99 at most ${s1(m.maxEventLoopLagP99 * 1000)} ms; database calls under way (holding or waiting for one of the pool's connections) at most ${m.maxDbConnectionsInUse}; resident memory at most ${s1(m.maxResidentBytes / 1024 / 1024)} MB`,
  );
}

/** Sends one pay-in per merchant; without a usable notify URL, goes on without notifications. */
async function checkIntake(target: (phase: string, notify: boolean) => IngestTarget) {
  let failures = await checkEveryMerchant(target('check', NOTIFY));
  let notify = NOTIFY;
  if (NOTIFY && failures.length && failures.every((f) => f.includes('notify_url'))) {
    log(
      `  the server refuses a local notify_url (${failures[0]}): running without merchant notifications; NOTIFY_ALLOW_LOCAL=1 would allow the local receiver`,
    );
    notify = false;
    failures = await checkEveryMerchant(target('check-again', false));
  }
  if (failures.length) throw new Error(`pay-ins refused before the load: ${failures.join('; ')}`);
  return notify;
}

/** The gateway faults over the window, when asked for (none otherwise). */
function faultsOver(base: string, world: SoakWorld, ids: ReadonlyMap<string, string> | null) {
  const admin = world.users.find((u) => u.role === 'admin');
  if (!ids || !admin) return Promise.resolve([]);
  return runGatewayFaults(base, admin, ids, SECONDS);
}

/** The probe, the soak window and the background work after each; the server is stopped after. */
async function runLoad(
  base: string,
  world: SoakWorld,
  sinkUrl: string,
  book: LatencyBook,
  gatewayIds: ReadonlyMap<string, string> | null,
) {
  const run = `soak-${Date.now().toString(36)}`;
  const target = (phase: string, notify: boolean): IngestTarget => ({
    base,
    merchants: SOAK_MERCHANTS,
    prefix: `${run}-${phase}`,
    notifyUrl: notify ? sinkUrl : undefined,
  });
  const notify = await checkIntake(target);

  const probe = await probeIntake(
    target('probe', notify),
    PROBE_SECONDS,
    PROBE_CLIENTS,
    WARMUP_SECONDS,
    book,
  );
  log(
    `probe: ${probe.perSecond.toFixed(1)} pay-ins/s created (closed loop, ${PROBE_CLIENTS} clients, ${PROBE_SECONDS} s), ${probe.errors} errors`,
  );
  if (probe.created === 0) throw new Error('the probe created no pay-in: nothing to soak at');
  const probeDone = await waitForBackground(
    world.url,
    target('probe', notify).prefix,
    DRAIN_SECONDS * 1000,
  );
  log(
    `  the probe's background work finished ${s1(probeDone.waitedMs / 1000)} s after it (${probeDone.openPayins} pay-ins, ${probeDone.pendingNotifications} notifications still open)`,
  );

  const rate = (probe.perSecond * LOAD_PERCENT) / 100;
  log(`
soak: ${SECONDS} s, pay-ins due at ${rate.toFixed(1)}/s (${LOAD_PERCENT}% of the probe)`);
  const soak = target('soak', notify);
  const loadBefore = loadavg()[0]!;
  const stopWatch = watchMetrics(base);
  const [ingest, , faults] = await Promise.all([
    runOpenLoopIngest(soak, rate, SECONDS, book),
    runReaders(base, world.users, SECONDS, THINK_MS, book),
    faultsOver(base, world, gatewayIds),
  ]);
  const metrics = await stopWatch();
  log(
    `machine: load average (1 min) ${loadBefore.toFixed(1)} before the window, ${loadavg()[0]!.toFixed(1)} after, on ${availableParallelism()} cores (others' work included)`,
  );
  log(
    `intake: target ${rate.toFixed(1)} pay-ins/s, achieved ${ingest.achievedPerSecond.toFixed(1)}/s (${ingest.sent} sent, ${ingest.created} created, ${ingest.unanswered} unanswered)`,
  );
  const soakDone = await waitForBackground(world.url, soak.prefix, DRAIN_SECONDS * 1000);
  log(
    `  the soak's background work finished ${s1(soakDone.waitedMs / 1000)} s after the window (${soakDone.openPayins} pay-ins, ${soakDone.pendingNotifications} notifications still open)`,
  );
  return { soakPrefix: soak.prefix, notify, metrics, faults };
}

/** What the gateway faults were, and where routing sent the soak's pay-ins meanwhile. */
async function printFaults(url: string, prefix: string, faults: readonly FaultDone[]) {
  log('\ngateway faults during the window (setSandboxBehaviour as an admin):');
  for (const f of faults) log(`  ${s1(f.at).padStart(6)} s  ${f.what}: ${f.answered}`);
  const routed = await readRoutedFigures(url, prefix);
  log("  the soak's pay-ins by gateway and status:");
  for (const r of routed.byGateway) log(`    ${r.code} ${r.status}: ${r.n}`);
  log(
    `  routed by fallback, skipped gateways by why: ${routed.fallbacks.map((f) => `${f.why} ${f.n}`).join(', ') || 'none'}`,
  );
}

async function printBackground(url: string, prefix: string, notify: boolean, sinkCount: number) {
  const background = await readBackgroundFigures(url, prefix);
  log(`
background work for the soak's pay-ins (from the database):`);
  log(
    `  pay-ins by status: ${Object.entries(background.byStatus)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  log(
    `  created → final (sandbox latency ${SANDBOX_LATENCY_MS} ms included): ${delayLine(background.completion)}`,
  );
  if (!notify) return;
  log(
    `  notification created → delivered: ${delayLine(background.notification)}; ${background.notificationsPending} pending, ${background.notificationsAbandoned} abandoned; the receiver got ${sinkCount} over the run`,
  );
  for (const [what, count] of background.failedAttempts)
    log(`  ${String(count).padStart(6)} failed delivery attempts: ${what}`);
}

async function main() {
  log(
    `Soak on PostgreSQL over HTTP: ${PROBE_SECONDS} s probe (${PROBE_CLIENTS} clients), then ${SECONDS} s at ${LOAD_PERCENT}% of it with ${USERS_PER_ROLE} users per role (think ${THINK_MS} ms); ${SOAK_MERCHANTS.length} merchants (${SOAK_MERCHANTS.map((m) => m.code).join(', ')}); sandbox auto-pay, callback latency ${SANDBOX_LATENCY_MS} ms`,
  );
  const world = await prepareSoakWorld(USERS_PER_ROLE);
  const gatewayIds = GATEWAY_FAULTS ? await prepareGatewayFaults(world.url) : null;
  const sink = await startNotifySink();
  try {
    const server = await startServer(PORT, {
      DATABASE_URL: world.url,
      NO_MONEY_JOBS: '0',
      SANDBOX_AUTO_PAY: '1',
      SANDBOX_LATENCY_MS: String(SANDBOX_LATENCY_MS),
      // The merchants' receiver is on loopback, which notify URLs may reach only when allowed.
      NOTIFY_ALLOW_LOCAL: '1',
    });
    const book = new LatencyBook();
    let load: Awaited<ReturnType<typeof runLoad>>;
    try {
      load = await runLoad(`http://127.0.0.1:${PORT}`, world, sink.url, book, gatewayIds);
    } finally {
      await stopServer(server);
    }

    printLatencies(book);
    log(`\nerrors (goal 0): ${book.errorCount()}`);
    for (const [what, count] of book.errors()) log(`  ${String(count).padStart(6)}  ${what}`);
    await printBackground(world.url, load.soakPrefix, load.notify, sink.received());
    printMetrics(load.metrics);
    if (GATEWAY_FAULTS) await printFaults(world.url, load.soakPrefix, load.faults);

    const ledger = await runLedgerCheck(world.url);
    const lines = ledger.output.split('\n');
    log(`\nledger:check ${ledger.passed ? 'passed' : 'FAILED'}:`);
    for (const line of lines.slice(0, 20)) log(`  ${line}`);
    if (lines.length > 20) log(`  … ${lines.length - 20} more lines`);

    const faultsRefused = load.faults.filter((f) => f.answered !== '200').length;
    const failed = book.errorCount() > 0 || !ledger.passed || faultsRefused > 0;
    log(
      `\nsoak ${failed ? 'FAILED' : 'passed'}: ${book.errorCount()} errors, ledger:check ${ledger.passed ? 'passed' : 'failed'}`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await sink.close();
    // BENCH_KEEP=1 leaves the database in place to study it.
    if (process.env.BENCH_KEEP) log(`kept: ${world.url}`);
    else await world.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
