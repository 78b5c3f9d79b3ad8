import { readdirSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { MIGRATIONS_DIR } from '../db/migrate';
import { readReplicaState, type ReplicaState } from '../db/read-replica';
import { readDemoSeedState } from '../db/demo-seed-state';
import { CSP_REPORT_PATH } from './security-headers';

/** How long `/readyz` waits for the database before it answers "not ready". */
const READY_TIMEOUT_MS = 2_000;

/**
 * Requests kept out of the info log: reads of the web app's files and pages, the probes and
 * the metrics scrape (a browser loading the app made a dozen lines each time), and the CSP
 * reports (anyone may post them; a report taken has its own warn line). Back-office
 * calls and the merchant API are always logged; errors are logged whatever the request.
 */
export function isQuietRequest(request: FastifyRequest): boolean {
  const url = request.url;
  // CSP reports: a taken one is logged at warn, and every outcome counted on /metrics.
  if (url === CSP_REPORT_PATH) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !url.startsWith('/controller/') && !url.startsWith('/api/');
}

const withTimeout = <T>(work: Promise<T>, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_resolve, reject) =>
      setTimeout(
        () => reject(new Error(`${what} took over ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

/** How the read replica stands, as `/readyz` shows it. */
const describeReplica = (state: ReplicaState) =>
  state.isStandby ? `ok, ${state.lagSeconds.toFixed(1)} s behind` : 'ok (not a standby)';

/**
 * `/healthz`: the process is alive (no database). `/readyz`: the database answers, every
 * migration is applied and the demo seed (when asked for) has finished; 503 naming what is not.
 * A read replica's state is shown but does not decide: every instance shares it, and a load
 * balancer taking them all out would stop the writes too while only lists, reports and
 * dashboards need it.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'seedDemo'>,
) {
  const migrations = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .map((f) => f.replace(/\.sql$/, ''));

  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok', database: db.kind }),
  );

  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, string> = {};
    let ready = true;
    try {
      const applied = await withTimeout(
        db.query<{ version: string }>('SELECT version FROM schema_migrations'),
        'the database',
      );
      checks.database = 'ok';
      const have = new Set(applied.rows.map((r) => r.version));
      const missing = migrations.filter((m) => !have.has(m));
      checks.migrations = missing.length ? `missing ${missing.join(', ')}` : 'ok';
      ready &&= !missing.length;
      if (config.seedDemo) {
        const seed = await withTimeout(readDemoSeedState(db), 'the database');
        checks.demoSeed = seed.done ? 'ok' : `running${seed.text ? `: ${seed.text}` : ''}`;
        ready &&= seed.done;
      } else checks.demoSeed = 'not requested';
    } catch (error) {
      ready = false;
      checks.database = error instanceof Error ? error.message : 'unreachable';
    }
    if (db.replica?.fallback?.isOnPrimary())
      checks.replica = 'unreachable: lists, reports and dashboards read the primary for now';
    else if (db.replica)
      checks.replica = await withTimeout(readReplicaState(db.replica), 'the read replica').then(
        describeReplica,
        (error: unknown) => (error instanceof Error ? error.message : 'unreachable'),
      );
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', database: db.kind, checks });
  });
}
