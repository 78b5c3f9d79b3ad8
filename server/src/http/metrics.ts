import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config/config';
import type { Db, PoolUse } from '../db/db';
import { readReplicaState } from '../db/read-replica';
import { observeGroupCommitBatches } from '../db/group-commit';

/**
 * `/metrics` in the Prometheus text format. One registry per process: counters of the calls
 * (back-office calls by name, merchant API routes by pattern) and group-commit batches are
 * kept as they happen; the database figures (notification backlog, pay-in outcomes per
 * gateway) are read at scrape time by a few queries that use small indexes or rollups.
 */
export const metricsRegistry = new Registry();
const register = metricsRegistry;
let defaultsStarted = false;

type CallLabel = 'surface' | 'call' | 'status';
const callRequests = new Counter({
  name: 'bo_call_requests_total',
  help: 'Requests answered, by surface (back_office, merchant_api), call and HTTP status',
  labelNames: ['surface', 'call', 'status'] as const,
  registers: [register],
});
const callSeconds = new Histogram({
  name: 'bo_call_duration_seconds',
  help: 'Time from request to answer, by surface and call',
  labelNames: ['surface', 'call'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [register],
});
const groupCommitItems = new Histogram({
  name: 'bo_group_commit_batch_items',
  help: 'Items per group-commit batch, by group',
  labelNames: ['group'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [register],
});
const payinOutcomes = new Gauge({
  name: 'bo_payin_outcomes',
  help: 'Pay-ins per gateway and status since the start of the books (from the gateway rollups)',
  labelNames: ['gateway', 'status'] as const,
  registers: [register],
});
const notifications = new Gauge({
  name: 'bo_merchant_notifications',
  help: 'Merchant notifications: pending (due now, retrying after a failure, waiting) and abandoned',
  labelNames: ['state'] as const,
  registers: [register],
});
const notificationLag = new Gauge({
  name: 'bo_merchant_notifications_oldest_due_seconds',
  help: 'How long the oldest due merchant notification has waited for the notifier (job lag)',
  registers: [register],
});
const jobsRunAge = new Gauge({
  name: 'bo_money_jobs_last_run_age_seconds',
  help: 'Seconds since the background money jobs last finished a round (-1: none yet)',
  registers: [register],
});
const jobsRunSeconds = new Histogram({
  name: 'bo_money_jobs_round_seconds',
  help: 'Duration of one round of the background money jobs',
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [register],
});
/** Which pool a database figure is of: the primary's, or the read replica's (DATABASE_READ_URL). */
type PoolName = 'primary' | 'replica';

const dbInUse = new Gauge({
  name: 'bo_db_connections_in_use',
  help: 'Database calls under way (transactions, queries, export cursors), each holding a pool connection or waiting for one (bo_db_pool_connections counts the connections), by pool (primary, replica)',
  labelNames: ['pool'] as const,
  registers: [register],
});
dbInUse.set({ pool: 'primary' }, 0);

/** The pools `instrumentDb` was given that can tell their use (PostgreSQL's). */
const poolsInUse = new Map<PoolName, () => PoolUse>();
new Gauge({
  name: 'bo_db_pool_connections',
  help: 'Connections of each PostgreSQL pool (primary, replica): open (idle included), idle, and requests waiting for one',
  labelNames: ['pool', 'state'] as const,
  registers: [register],
  collect() {
    this.reset();
    for (const [pool, use] of poolsInUse) {
      const now = use();
      this.set({ pool, state: 'open' }, now.open);
      this.set({ pool, state: 'idle' }, now.idle);
      this.set({ pool, state: 'waiting' }, now.waiting);
    }
  },
});
const replicaLag = new Gauge({
  name: 'bo_db_replica_lag_seconds',
  help: 'How far the read replica replays behind the primary (0: caught up); absent without a replica or when it does not answer',
  registers: [register],
});
const replicaFallbacks = new Counter({
  name: 'bo_db_replica_fallbacks_total',
  help: 'Times the read replica could not be reached and its reads went to the primary for a while (REPLICA_RETRY_SECONDS)',
  registers: [register],
});
const replicaOnPrimary = new Gauge({
  name: 'bo_db_replica_on_primary',
  help: '1 while the read replica is unreachable and lists, reports and dashboards read the primary, else 0; absent without a replica',
  registers: [register],
});
const apiRateLimited = new Counter({
  name: 'bo_api_rate_limited_total',
  help: 'Merchant API requests refused with 429 by the per-key rate limit (API_RATE_LIMIT_PER_SECOND, API_RATE_LIMIT_BURST)',
  registers: [register],
});

/** The merchant API's rate limit refused a request. */
export function recordApiRateLimited(): void {
  apiRateLimited.inc();
}

/** What became of a report posted to /csp-reports. */
export type CspReportOutcome = 'logged' | 'rate_limited' | 'too_large';
const cspReports = new Counter({
  name: 'bo_csp_reports_total',
  help: 'Reports posted to /csp-reports, by outcome: logged, rate_limited (past the per-address limit) or too_large (over 8 KiB); only logged ones reach the log',
  labelNames: ['outcome'] as const,
  registers: [register],
});

/** A CSP report was logged, or refused for its sender's rate or its size. */
export function recordCspReport(outcome: CspReportOutcome): void {
  cspReports.inc({ outcome });
}
const dbWaitSeconds = new Histogram({
  name: 'bo_db_transaction_seconds',
  help: 'Duration of database transactions, including the wait for a connection',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
  registers: [register],
});
const riskEvalSeconds = new Histogram({
  name: 'risk_eval_seconds',
  help: "Risk rules at intake, per item of a batch some rule watches: the batch's preparation and history read plus the item's own evaluation (issue 42)",
  buckets: [
    0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.00125, 0.0015, 0.00175, 0.002, 0.0025, 0.003, 0.004,
    0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
  ],
  registers: [register],
});

/** Intake decided an item with risk rules in `seconds` (its batch's history read included). */
export function recordRiskEvaluation(seconds: number): void {
  riskEvalSeconds.observe(seconds);
}
const routingDecideSeconds = new Histogram({
  name: 'routing_decide_seconds',
  help: "Routing at intake, per payment a profile routed: its batch's preparation (the profiles and success rates read or recalled) plus its own decision (issue 43)",
  buckets: [
    0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.01, 0.025,
    0.05, 0.1, 0.25, 1,
  ],
  registers: [register],
});

/** Routing decided a payment in `seconds` (its batch's preparation included). */
export function recordRoutingDecision(seconds: number): void {
  routingDecideSeconds.observe(seconds);
}
const routingUnavailable = new Counter({
  name: 'routing_unavailable_total',
  help: "Payments routing could not decide, by why: read (its data could not be read) or definition (the profile's no longer reads); each went where pricing's default sent it (issue 43)",
  labelNames: ['why'] as const,
  registers: [register],
});

/** Routing could not decide `count` payments: they went to pricing's default gateway. */
export function recordRoutingUnavailable(why: 'read' | 'definition', count = 1): void {
  routingUnavailable.inc({ why }, count);
}
const scrapeErrors = new Counter({
  name: 'bo_metrics_scrape_errors_total',
  help: 'Scrapes whose database figures could not be read',
  registers: [register],
});

observeGroupCommitBatches((group, items) => groupCommitItems.observe({ group }, items));

let lastJobsRound: number | undefined;

/** The money jobs report each finished round here (job lag on `/metrics`). */
export function recordMoneyJobsRound(startedAt: number, endedAt = Date.now()) {
  lastJobsRound = endedAt;
  jobsRunSeconds.observe((endedAt - startedAt) / 1000);
}

/**
 * The same database, counting the calls under way (pool use on `/metrics`): every
 * transaction, single query and export cursor, from when it asks the pool for a connection
 * (it may wait: the pool has 10) until it gives it back; its read replica
 * (`Db.replica`) is counted the same way under `pool="replica"`. main.ts wraps the database
 * once; everything built on it is counted.
 */
export function instrumentDb(db: Db, pool: PoolName = 'primary'): Db {
  const inUse = dbInUse.labels({ pool });
  inUse.inc(0);
  if (db.poolUse) poolsInUse.set(pool, db.poolUse);
  const held = async <T>(work: () => Promise<T>): Promise<T> => {
    inUse.inc();
    try {
      return await work();
    } finally {
      inUse.dec();
    }
  };
  const read = db.readInBatches?.bind(db);
  return {
    ...db,
    query: (text, params) => held(() => db.query(text, params)),
    exec: (sql) => held(() => db.exec(sql)),
    copyFrom: (target, data) => held(() => db.copyFrom(target, data)),
    transaction: (work) => {
      const end = dbWaitSeconds.startTimer();
      return held(() => db.transaction(work)).finally(end);
    },
    readInBatches: read
      ? async function* <R>(text: string, params: readonly unknown[], batch: number) {
          inUse.inc();
          try {
            yield* read<R>(text, params, batch);
          } finally {
            inUse.dec();
          }
        }
      : undefined,
    replica: db.replica && instrumentDb(db.replica, 'replica'),
    close: () => db.close(),
  };
}

/** Sets the gauges read from the database. */
async function readDatabaseFigures(db: Db) {
  const backlog = await db.query<{
    due: bigint;
    retrying: bigint;
    waiting: bigint;
    oldest: number;
  }>(
    `SELECT count(*) FILTER (WHERE next_attempt_at <= now())::int8 AS due,
            count(*) FILTER (WHERE attempts > 0)::int8 AS retrying,
            count(*) FILTER (WHERE next_attempt_at > now())::int8 AS waiting,
            COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)::float8 AS oldest
       FROM merchant_notifications WHERE status = 'pending'`,
  );
  const abandoned = await db.query<{ n: bigint }>(
    `SELECT count(*)::int8 AS n FROM merchant_notifications WHERE status = 'abandoned'`,
  );
  const b = backlog.rows[0]!;
  notifications.set({ state: 'due' }, Number(b.due));
  notifications.set({ state: 'retrying' }, Number(b.retrying));
  notifications.set({ state: 'waiting' }, Number(b.waiting));
  notifications.set({ state: 'abandoned' }, Number(abandoned.rows[0]!.n));
  notificationLag.set(Math.max(0, Number(b.oldest)));

  const outcomes = await db.query<{ gateway_code: string; status: string; n: bigint }>(
    `SELECT gateway_code, status, sum(count)::int8 AS n FROM gateway_rollups
      WHERE period = 'all' GROUP BY gateway_code, status`,
  );
  payinOutcomes.reset();
  for (const r of outcomes.rows)
    payinOutcomes.set({ gateway: r.gateway_code, status: r.status }, Number(r.n));
}

/**
 * Sets the read replica's lag and its fallbacks; without a replica, or when it does not answer
 * (its reads on the primary), the lag is absent.
 */
async function readReplicaLag(db: Db) {
  replicaLag.reset();
  const fallback = db.replica?.fallback;
  replicaFallbacks.reset();
  replicaOnPrimary.reset();
  if (fallback) {
    replicaFallbacks.inc(fallback.count());
    replicaOnPrimary.set(fallback.isOnPrimary() ? 1 : 0);
  }
  if (db.replica && !fallback?.isOnPrimary())
    replicaLag.set((await readReplicaState(db.replica)).lagSeconds);
}

/** Whether this request may read `/metrics`: the bearer METRICS_TOKEN, else a private address. */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  return isPrivateAddress(request.ip);
}

/** Loopback and private-network addresses (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  const v6 = ip.toLowerCase();
  return v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd');
}

/**
 * The labelled series of one call and status, looked up once: prom-client hashes the labels
 * on every `inc` and `observe` otherwise. Calls are known names or 'unknown', statuses HTTP's,
 * so the map stays small. These two metrics are never reset (a reset would orphan the series).
 */
const callSeries = new Map<
  string,
  { requests: Counter.Internal; seconds: Histogram.Internal<CallLabel> }
>();
function seriesOf({ surface, call }: { surface: string; call: string }, status: number) {
  const key = `${surface} ${call} ${status}`;
  let series = callSeries.get(key);
  if (!series) {
    series = {
      requests: callRequests.labels(surface, call, String(status)),
      seconds: callSeconds.labels(surface, call),
    };
    callSeries.set(key, series);
  }
  return series;
}

/** What a request counts as: the back-office call by name, the merchant API route by pattern. */
function callOf(
  request: FastifyRequest,
  isCall: (name: string) => boolean,
): { surface: string; call: string } | undefined {
  const route = request.routeOptions.url;
  if (route === '/controller/admin/:call') {
    const name = (request.params as { call?: string }).call ?? '';
    return { surface: 'back_office', call: isCall(name) ? name : 'unknown' };
  }
  if (route?.startsWith('/api/'))
    return { surface: 'merchant_api', call: `${request.method} ${route}` };
  return undefined;
}

/**
 * Counts every back-office call and merchant API request as it is answered and serves
 * `/metrics` (METRICS_TOKEN as a bearer token when set, else private addresses only).
 */
export function registerMetrics(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'metricsToken'>,
  isCall: (name: string) => boolean,
) {
  if (!defaultsStarted) {
    defaultsStarted = true;
    collectDefaultMetrics({ register, prefix: 'bo_' });
  }
  // Synchronous: an async hook would cost every request a promise.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const what = callOf(request, isCall);
    if (what) {
      const { requests, seconds } = seriesOf(what, reply.statusCode);
      requests.inc();
      seconds.observe(reply.elapsedTime / 1000);
    }
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, config.metricsToken))
      return reply
        .code(403)
        .type('text/plain')
        .send('Metrics are served to private addresses, or with the METRICS_TOKEN bearer token');
    for (const [what, read] of [
      ['database figures', readDatabaseFigures],
      ['read replica lag', readReplicaLag],
    ] as const) {
      try {
        await read(db);
      } catch (error) {
        scrapeErrors.inc();
        request.log.warn({ err: error }, `metrics: ${what} unavailable`);
      }
    }
    jobsRunAge.set(lastJobsRound === undefined ? -1 : (Date.now() - lastJobsRound) / 1000);
    return reply
      .header('cache-control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
}
