import { loadavg } from 'node:os';
import { IDEMPOTENCY_STALE_SECONDS } from '@bo/contract';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/src/seed/demo-accounts';
import { prepareDatabase } from './src/bench-db';
import { hasPgAutoFailover, startFailoverCluster } from './src/failover-cluster';
import { printTimeline, watchWritable } from './src/failover-timeline';
import { runSteadyLoad, sendPayin, type SentPayin } from './src/failover-load';
import { postJson, startServer, stopServer } from './src/http-ingest';
import { runLedgerCheck } from './src/soak-ledger-check';

/**
 * `npm run bench:failover`: the database fails over under load and nothing accepted is lost.
 * Builds a pg_auto_failover cluster (monitor + two PostgreSQL 15 nodes on 127.0.0.1), starts
 * the server on the multi-host DATABASE_URL, sends signed pay-ins (FAILOVER_RATE a second) and
 * back-office reads, SIGKILLs the primary after FAILOVER_BEFORE_SECONDS, keeps going until
 * writes have resumed for FAILOVER_AFTER_SECONDS (at most FAILOVER_LIMIT_SECONDS after the
 * kill), then prints the figures. Not a CI test; it stops by itself and removes the cluster.
 */
const RATE = Number(process.env.FAILOVER_RATE ?? 20);
const BEFORE_SECONDS = Number(process.env.FAILOVER_BEFORE_SECONDS ?? 10);
const AFTER_SECONDS = Number(process.env.FAILOVER_AFTER_SECONDS ?? 15);
const LIMIT_SECONDS = Number(process.env.FAILOVER_LIMIT_SECONDS ?? 120);
const PORT = 3911;
const base = `http://127.0.0.1:${PORT}`;
const ok = (p: SentPayin) => p.status >= 200 && p.status < 300;
/** How many failed pay-ins failed each way. */
function countKinds(failed: readonly SentPayin[]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const p of failed) kinds.set(p.failure!, (kinds.get(p.failure!) ?? 0) + 1);
  return kinds;
}
const report = (name: string, value: string) => console.log(`${name.padEnd(52)} ${value}`);

async function one<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

type Cluster = Awaited<ReturnType<typeof startFailoverCluster>>;
type Traffic = Awaited<ReturnType<typeof runSteadyLoad>>;

/** What happened while the load ran: the traffic, and when the primary was killed and replaced. */
interface FailoverRun {
  readonly traffic: Traffic;
  /** `performance.now()` of the kill, and the wall clock (to read the monitor's events from). */
  readonly killedAt: number;
  readonly killedWall: Date;
  readonly promotedAt: number | undefined;
  readonly writableAt: number | undefined;
}

/** Exits with the packages to install when pg_auto_failover is missing. */
function requirePgAutoFailover(): void {
  if (!hasPgAutoFailover()) {
    console.error(
      'needs pg_autoctl: apt-get install postgresql-15-auto-failover pg-auto-failover-cli',
    );
    process.exit(1);
  }
}

/** Stops the cluster and exits if the whole bench outlives its limit, so teardown always runs. */
function guardTotalTime(cluster: Cluster): NodeJS.Timeout {
  return setTimeout(
    () => {
      console.error('bench:failover: total time limit reached');
      void cluster.stop().finally(() => process.exit(1));
    },
    (LIMIT_SECONDS + 180) * 1000,
  );
}

/** Prints the failover settings and the primary's synchronous replication; answers its port. */
async function reportClusterSetup(cluster: Cluster): Promise<number> {
  for (const setting of await cluster.settings()) report('  failover setting', setting);
  const first = (await cluster.primaryPort())!;
  const [sync] = await one<{ names: string; commit: string }>(
    cluster.urlOf(first),
    `SELECT current_setting('synchronous_standby_names') AS names, current_setting('synchronous_commit') AS commit`,
  );
  report(
    'primary synchronous_standby_names',
    `'${sync!.names}' (synchronous_commit ${sync!.commit})`,
  );
  return first;
}

/** Logs in as the demo admin; answers the session the back-office reads send. */
async function logInAsAdmin(): Promise<{ accessToken: string; accessUsername: string }> {
  const login = await postJson(
    base,
    '/controller/admin/login',
    JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
  );
  const { token, username } = (
    JSON.parse(login.text) as { data: { token: string; username: string } }
  ).data;
  return { accessToken: token, accessUsername: username };
}

/**
 * Runs the load, SIGKILLs the primary on `first` after BEFORE_SECONDS and watches the other
 * node take writes; stops AFTER_SECONDS after writes resumed, or at the limit.
 */
async function loadThroughFailover(
  cluster: Cluster,
  first: number,
  session: { accessToken: string; accessUsername: string },
): Promise<FailoverRun> {
  const loadStart = performance.now();
  let killedAt = 0;
  let killedWall = new Date();
  let resumedAt = 0;
  let promoted: ReturnType<typeof watchWritable> | undefined;
  const killer = setTimeout(() => {
    killedAt = performance.now();
    killedWall = new Date();
    cluster.killNode(first);
    promoted = watchWritable(cluster.urlOf(cluster.ports.find((p) => p !== first)!));
  }, BEFORE_SECONDS * 1000);
  const traffic = await runSteadyLoad(base, session, RATE, RATE / 4, (sent) => {
    const now = performance.now();
    if (killedAt && !resumedAt && sent.some((p) => ok(p) && p.sentAt > killedAt)) resumedAt = now;
    return (
      now - loadStart > (BEFORE_SECONDS + LIMIT_SECONDS) * 1000 ||
      (resumedAt > 0 && now - resumedAt > AFTER_SECONDS * 1000)
    );
  });
  clearTimeout(killer);
  const { promotedAt, writableAt } = (await promoted?.stop()) ?? {};
  return { traffic, killedAt, killedWall, promotedAt, writableAt };
}

/** Prints how the load fared: answers, the longest gap in writes, and the errors by kind. */
function reportTraffic(run: FailoverRun, first: number, newPrimary: number | null): void {
  const { payins } = run.traffic;
  // Seconds without writes: the longest time between two consecutive 2xx answers.
  const answered = payins
    .filter(ok)
    .map((p) => p.answeredAt)
    .sort((a, b) => a - b);
  let gap = 0;
  for (let i = 1; i < answered.length; i++) gap = Math.max(gap, answered[i]! - answered[i - 1]!);
  const firstAfter = payins
    .filter((p) => ok(p) && p.sentAt > run.killedAt)
    .sort((a, b) => a.answeredAt - b.answeredAt)[0];
  report('pay-ins sent / answered 2xx', `${payins.length} / ${payins.filter(ok).length}`);
  report('longest time without a 2xx pay-in (s)', (gap / 1000).toFixed(1));
  report(
    'kill to first 2xx of a pay-in sent after it (s)',
    firstAfter ? ((firstAfter.answeredAt - run.killedAt) / 1000).toFixed(1) : 'never',
  );
  report('primary before / after', `${first} / ${newPrimary ?? 'none'}`);
  for (const [kind, n] of countKinds(payins.filter((p) => !ok(p))))
    report(`  pay-in error: ${kind}`, String(n));
  report('back-office reads sent', String(run.traffic.reads));
  for (const [kind, n] of run.traffic.readFailures) report(`  read error: ${kind}`, String(n));
}

/** Prints how many pay-ins answered 2xx exist on the new primary at `url`. */
async function reportAcceptedKept(url: string, payins: readonly SentPayin[]): Promise<void> {
  const ids = payins.filter(ok).map((p) => p.id!);
  const [found] = await one<{ n: number }>(
    url,
    'SELECT count(*)::int AS n FROM payins WHERE id = ANY($1::uuid[])',
    [ids],
  );
  report('pay-ins answered 2xx that exist on the new primary', `${found!.n} / ${ids.length}`);
}

/**
 * Sends every failed pay-in again (same Idempotency-Key and body), once more after the key is
 * stale for those still failing, and prints whether each order ended with exactly one pay-in.
 */
async function retryFailedPayins(url: string, payins: readonly SentPayin[]): Promise<void> {
  const failed = payins.filter((p) => !ok(p));
  for (const p of failed) await sendPayin(base, p);
  report('retries answered 2xx', `${failed.filter(ok).length} / ${failed.length}`);
  for (const [kind, n] of countKinds(failed.filter((p) => !ok(p))))
    report(`  retry error: ${kind}`, String(n));
  // A pay-in created but not started (503 request_interrupted), or still claimed by its first
  // request (409 request_in_progress), is finished by a retry once its key is stale.
  const again = failed.filter((p) => !ok(p));
  if (again.length) {
    await new Promise((r) => setTimeout(r, (IDEMPOTENCY_STALE_SECONDS + 2) * 1000));
    for (const p of again) await sendPayin(base, p);
    report(
      `retried again after ${IDEMPOTENCY_STALE_SECONDS + 2} s, answered 2xx`,
      `${again.filter(ok).length} / ${again.length}`,
    );
  }
  const orderIds = failed.map((p) => p.orderId);
  const counts = await one<{ order_id: string; n: number }>(
    url,
    'SELECT order_id, count(*)::int AS n FROM payins WHERE order_id = ANY($1) GROUP BY order_id',
    [orderIds],
  );
  const once = counts.filter((c) => c.n === 1).length;
  report('retried orders with exactly one pay-in', `${once} / ${failed.length}`);
  const [dupes] = await one<{ n: number }>(
    url,
    `SELECT count(*)::int AS n FROM (SELECT order_id FROM payins WHERE order_id LIKE 'failover-%' GROUP BY order_id HAVING count(*) > 1) d`,
  );
  report('orders with more than one pay-in (all)', String(dupes!.n));
}

async function main() {
  requirePgAutoFailover();
  report('load average (1, 5, 15 min) at start', loadAverage());
  const building = performance.now();
  const cluster = await startFailoverCluster();
  // A total limit on whatever follows: teardown runs even if something hangs.
  const guard = guardTotalTime(cluster);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    report('cluster built (s)', ((performance.now() - building) / 1000).toFixed(1));
    const first = await reportClusterSetup(cluster);
    await (await prepareDatabase('postgres', cluster.url, 4)).close();
    server = await startServer(PORT, { DATABASE_URL: cluster.url });
    const run = await loadThroughFailover(cluster, first, await logInAsAdmin());
    const newPrimary = await cluster.primaryPort();
    console.log(cluster.state());
    // Where the time went: the monitor's decisions, the node taking writes, the product's answers.
    printTimeline({
      events: await cluster.events(run.killedWall),
      killedWall: run.killedWall,
      killedAt: run.killedAt,
      promotedAt: run.promotedAt,
      writableAt: run.writableAt,
      payins: run.traffic.payins,
    });
    reportTraffic(run, first, newPrimary);

    if (!newPrimary) throw new Error('no primary after the failover');
    const url = cluster.urlOf(newPrimary);
    await reportAcceptedKept(url, run.traffic.payins);
    await retryFailedPayins(url, run.traffic.payins);
    const ledger = await runLedgerCheck(url);
    report('ledger:check on the new primary', ledger.passed ? 'clean' : `FAILED\n${ledger.output}`);
    report('load average (1, 5, 15 min) at the end', loadAverage());
  } finally {
    if (server) await stopServer(server);
    await cluster.stop();
    clearTimeout(guard);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
