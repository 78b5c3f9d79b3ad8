import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { loadConfig, sandboxSecretRefusal, type Config } from './config/config';
import type { Db } from './db/db';
import { runAfterOthers, runAlone } from './db/job-lock';
import { openDatabase } from './db/open';
import { reportSeedProgress } from './db/demo-seed-state';
import { instrumentDb } from './http/metrics';
import { FIRST_ADMIN_HINT, hasAnyAdmin } from './seed/first-admin';
import { seedDemoFoundation, seedDemoHistory } from './seed/seed-demo-world';

/** Seconds since `from`, one decimal. */
const secondsSince = (from: number) => ((Date.now() - from) / 1000).toFixed(1);

/** A log line before the HTTP server (and its logger) exists, in the same JSON shape. */
function earlyLog(config: Config, msg: string) {
  if (config.logLevel === 'info' || config.logLevel === 'debug')
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`);
}

/**
 * The database as requests and jobs use it, noting when they last did: the demo history waits
 * for a quiet moment before each day, so a sign-in is not queued behind day after day of it.
 */
function trackForeground(db: Db) {
  let active = 0;
  let lastEnd = 0;
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    active++;
    try {
      return await work();
    } finally {
      active--;
      lastEnd = Date.now();
    }
  };
  const tracked: Db = {
    ...db,
    query: (text, params) => track(() => db.query(text, params)),
    exec: (sql) => track(() => db.exec(sql)),
    transaction: (work) => track(() => db.transaction(work)),
    copyFrom: (target, data) => track(() => db.copyFrom(target, data)),
    close: () => db.close(),
  };
  /** Resolves once the foreground has left the database alone for `quietMs` (at most `maxMs`). */
  const quiet = async (quietMs = 200, maxMs = 3_000) => {
    const until = Date.now() + maxMs;
    while (Date.now() < until && (active > 0 || Date.now() - lastEnd < quietMs))
      await new Promise((r) => setTimeout(r, 50));
  };
  return { tracked, quiet };
}

/** The database as the start line names it. */
const databaseLabel = (db: Db, config: Config) =>
  db.kind === 'pglite'
    ? `embedded database in ${config.dataDir}`
    : db.replica
      ? 'PostgreSQL, lists, reports and dashboards from the read replica'
      : 'PostgreSQL';

/**
 * Advisory lock keys of the demo seed, for servers started at once on one fresh database: one
 * makes the foundation while the others wait for it (they need it to answer), and one makes
 * the history while the others serve (their `/readyz` waits for its marker).
 */
const DEMO_SEED_LOCKS = { foundation: 7341201, history: 7341202 } as const;

/** How often a progress line is written while the demo history is made. */
const PROGRESS_EVERY_MS = 5_000;

/**
 * The demo money history after the server listens: sign-in works at once, pages fill as days
 * are added, `/readyz` answers 200 once it is complete. A progress line every few seconds.
 */
async function seedHistoryWhileServing(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  signal: AbortSignal,
  foregroundQuiet: () => Promise<void>,
) {
  const started = Date.now();
  let lastLine = 0;
  let seededDays = 0;
  try {
    const seeded = await runAlone(db, DEMO_SEED_LOCKS.history, () =>
      seedDemoHistory(db, {
        operator: { config, log },
        signal,
        beforeDay: foregroundQuiet,
        onCompact: () => {
          reportSeedProgress({ text: 'compacting the embedded database' });
          log.info('Demo seed: compacting the embedded database');
        },
        onDay: (done, days, dayKey) => {
          seededDays = days;
          const text = `day ${done + 1} of ${days} (${dayKey}), ${secondsSince(started)} s`;
          reportSeedProgress({ text, day: done + 1, days });
          if (Date.now() - lastLine < PROGRESS_EVERY_MS && done > 0) return;
          lastLine = Date.now();
          log.info(`Demo seed: money history ${text}; sign-in already works`);
        },
      }),
    );
    if (!seeded.ran) {
      log.info(
        'Demo seed: another server is making the money history; /readyz answers 200 once it is complete',
      );
      return;
    }
    if (!seeded.value) {
      log.info('Demo seed paused by shutdown; the next start completes it');
      return;
    }
    reportSeedProgress({ text: 'done' });
    if (seededDays)
      log.info(
        `Demo seed: ${seededDays} days of money history ready in ${secondsSince(started)} s`,
      );
  } catch (error) {
    log.error({ err: error }, 'Demo seed failed; /readyz stays 503 until a start completes it');
  }
}

/** Starts the product: database (migrated), demo sign-ins, API and web app, then the demo history. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  // Before anything is opened: a server outside the demo never runs on the public secret.
  const refusal = sandboxSecretRefusal(config);
  if (refusal) throw new Error(refusal);
  earlyLog(
    config,
    config.databaseUrl
      ? 'Connecting to PostgreSQL and applying migrations'
      : `Opening the embedded database in ${config.dataDir} (the first start creates it)`,
  );
  const db = instrumentDb(await openDatabase(config));
  if (config.seedDemo) {
    earlyLog(config, 'Demo seed: accounts, gateways, contracts and the merchant API key');
    await runAfterOthers(db, DEMO_SEED_LOCKS.foundation, () => seedDemoFoundation(db));
  }
  const foreground = trackForeground(db);
  const app = await buildApp(foreground.tracked, config);
  const stopSeed = new AbortController();
  let seeding: Promise<void> = Promise.resolve();
  const shutdown = async () => {
    // A request that never ends (a client that stalls mid-body) must not hold the exit forever.
    setTimeout(() => {
      app.log.error(
        `Shutdown took over ${config.shutdownGraceSeconds} s (SHUTDOWN_GRACE_SECONDS); exiting with requests unfinished`,
      );
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000).unref();
    stopSeed.abort();
    await app.close();
    await seeding;
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Back office on http://localhost:${config.port} (${databaseLabel(db, config)}), started in ${secondsSince(started)} s`,
  );
  if (db.kind === 'postgres' && !(await autovacuumIsOn(db))) app.log.warn(AUTOVACUUM_HINT);
  if (config.seedDemo)
    seeding = seedHistoryWhileServing(db, config, app.log, stopSeed.signal, foreground.quiet);
  else if (!(await hasAnyAdmin(db))) app.log.warn(FIRST_ADMIN_HINT);
}

const AUTOVACUUM_HINT =
  "PostgreSQL's autovacuum is off: the server's prepared writes keep plans made on small tables (a pay-in callback then scans every pay-in). Turn it on (docs/operations.md)";

/** Whether the PostgreSQL server analyses and vacuums tables by itself (its default). */
async function autovacuumIsOn(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ autovacuum: string }>('SHOW autovacuum');
  return rows[0]?.autovacuum === 'on';
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
