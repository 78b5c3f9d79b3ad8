import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { GroupCommit, groupCommitOf } from '../../src/db/group-commit';
import { isQuietRequest } from '../../src/http/health';
import { instrumentDb, isPrivateAddress, metricsRegistry } from '../../src/http/metrics';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 14.6: `/metrics` (Prometheus text) with per-call counts and latency, pay-in outcomes per
 * gateway, group-commit batch sizes, notification backlog and failures, job lag and database
 * use; `/healthz` and `/readyz`; probes and web app files kept out of the info log.
 */
let t: TestApp;

beforeAll(async () => {
  // No money jobs here: the notifier would deliver the rows the backlog test counts. The job-lag
  // test starts its own app that runs them.
  t = await startTestApp({ NO_MONEY_JOBS: '1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function scrape(app = t.app, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const head = line.slice(0, line.lastIndexOf(' '));
    if (want.every((w) => head.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/healthz and /readyz', () => {
  it('/healthz answers alive without asking the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.db.kind });
  });

  it('/readyz is 200 once the database answers and every migration is applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', demoSeed: 'not requested' },
    });
  });

  it('/readyz is 503 naming a migration not applied, and 200 again once it is', async () => {
    const { rows } = await t.db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1',
    );
    const last = rows[0]!.version;
    await t.db.query('DELETE FROM schema_migrations WHERE version = $1', [last]);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.migrations).toBe(`missing ${last}`);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [last]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz waits for the demo seed when one was asked for', async () => {
    const app = await buildApp(t.db, { ...t.config, seedDemo: true, moneyJobs: false });
    try {
      const running = await app.inject({ method: 'GET', url: '/readyz' });
      expect(running.statusCode).toBe(503);
      expect(running.json().checks.demoSeed).toMatch(/^running/);
      await t.db.query(
        `INSERT INTO settings (key, value) VALUES ('demo_money_seeded', 'test') ON CONFLICT DO NOTHING`,
      );
      const done = await app.inject({ method: 'GET', url: '/readyz' });
      expect(done.statusCode).toBe(200);
      expect(done.json().checks.demoSeed).toBe('ok');
    } finally {
      await t.db.query(`DELETE FROM settings WHERE key = 'demo_money_seeded'`);
      await app.close();
    }
  });
});

describe('/metrics', () => {
  it('counts back-office calls by name and status with their latency, unknown names as one', async () => {
    const before = await scrape();
    const okBefore = sample(before, 'bo_call_requests_total', { call: 'login', status: '200' });
    // The metrics live as long as the process: other test files may have counted before.
    const unknownBefore = sample(before, 'bo_call_requests_total', {
      call: 'unknown',
      status: '404',
    });
    await t.signIn('admin@demo.test');
    await t.call('login', { email: 'admin@demo.test', password: 'wrong' });
    await t.call(`noSuchCall${randomUUID().slice(0, 8)}`);
    const text = await scrape();
    const labels = { surface: 'back_office', call: 'login' };
    expect(sample(text, 'bo_call_requests_total', { ...labels, status: '200' })).toBe(
      (okBefore ?? 0) + 1,
    );
    expect(sample(text, 'bo_call_duration_seconds_count', labels)).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'bo_call_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(text, 'bo_call_duration_seconds_count', labels),
    );
    expect(sample(text, 'bo_call_requests_total', { call: 'unknown', status: '404' })).toBe(
      (unknownBefore ?? 0) + 1,
    );
    expect(text).not.toMatch(/call="noSuchCall/);
  });

  it('counts merchant API requests by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const text = await scrape();
    expect(
      sample(text, 'bo_call_requests_total', {
        surface: 'merchant_api',
        call: 'GET /api/v1/openapi.json',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the merchant-notification backlog, failures and how late the oldest due one is', async () => {
    const merchant = randomUUID();
    const add = (status: string, attempts: number, dueInSeconds: number) =>
      t.db.query(
        `INSERT INTO merchant_notifications
           (id, merchant_account_id, ref_type, ref_id, url, payload, status, attempts, next_attempt_at)
         VALUES ($1, $2, 'payin', $3, 'http://127.0.0.1:9/n', '{}', $4, $5,
                 now() + make_interval(secs => $6))`,
        [randomUUID(), merchant, randomUUID(), status, attempts, dueInSeconds],
      );
    await add('pending', 0, -120); // due two minutes ago
    await add('pending', 3, -10); // due, after three failed attempts
    await add('pending', 1, 600); // retrying later
    await add('abandoned', 12, -3600);
    await add('delivered', 1, -3600);
    try {
      const text = await scrape();
      expect(sample(text, 'bo_merchant_notifications', { state: 'due' })).toBe(2);
      expect(sample(text, 'bo_merchant_notifications', { state: 'retrying' })).toBe(2);
      expect(sample(text, 'bo_merchant_notifications', { state: 'waiting' })).toBe(1);
      expect(sample(text, 'bo_merchant_notifications', { state: 'abandoned' })).toBe(1);
      expect(sample(text, 'bo_merchant_notifications_oldest_due_seconds')).toBeGreaterThanOrEqual(
        119,
      );
    } finally {
      await t.db.query('DELETE FROM merchant_notifications WHERE merchant_account_id = $1', [
        merchant,
      ]);
    }
  });

  it('shows pay-in outcomes per gateway from the rollups, slots summed', async () => {
    const gateway = `MET-${randomUUID().slice(0, 6)}`;
    await t.db.query(
      `INSERT INTO gateway_rollups (gateway_code, period, period_start, status, slot, count, volume)
       VALUES ($1, 'all', '2000-01-01', 'success', 0, 40, 1000), ($1, 'all', '2000-01-01', 'success', 3, 2, 50),
              ($1, 'all', '2000-01-01', 'failed', 0, 5, 100), ($1, 'day', '2026-01-01', 'failed', 0, 5, 100)`,
      [gateway],
    );
    const text = await scrape();
    expect(sample(text, 'bo_payin_outcomes', { gateway, status: 'success' })).toBe(42);
    expect(sample(text, 'bo_payin_outcomes', { gateway, status: 'failed' })).toBe(5);
  });

  it('records group-commit batch sizes by group', async () => {
    const group = groupCommitOf(
      t.db,
      'metrics-test',
      () =>
        new GroupCommit<number, number>(t.db, {
          many: async (_tx, items) => items.map((i) => i * 2),
          one: async (_tx, item) => item * 2,
        }),
    );
    expect(await Promise.all([1, 2, 3, 4].map((i) => group.submit(i)))).toEqual([2, 4, 6, 8]);
    const text = await scrape();
    const labels = { group: 'metrics-test' };
    expect(sample(text, 'bo_group_commit_batch_items_sum', labels)).toBe(4);
    expect(sample(text, 'bo_group_commit_batch_items_count', labels)).toBeGreaterThanOrEqual(1);
  });

  it('shows how long ago the money jobs finished a round (job lag)', async () => {
    // The metrics live as long as the process: an earlier test file's app may have run rounds
    // long ago. Its own round is the one after the count read before it starts.
    const rounds = async (app: typeof t.app) =>
      sample(await scrape(app), 'bo_money_jobs_round_seconds_count') ?? 0;
    const roundsBefore = await rounds(t.app);
    // This app runs the money jobs (one round a second).
    const app = await buildApp(t.db, { ...t.config, moneyJobs: true });
    try {
      await vi.waitFor(async () => expect(await rounds(app)).toBeGreaterThan(roundsBefore), {
        timeout: 30_000,
        interval: 100,
      });
      const age = sample(await scrape(app), 'bo_money_jobs_last_run_age_seconds');
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(30);
    } finally {
      await app.close();
    }
  });

  it('counts the database calls under way (pool use)', async () => {
    const db = instrumentDb(t.db);
    const inUse = async () =>
      (await metricsRegistry.getSingleMetric('bo_db_connections_in_use')!.get()).values[0]!.value;
    expect(await inUse()).toBe(0);
    let release!: () => void;
    let inside!: () => void;
    const isInside = new Promise<void>((r) => (inside = r));
    const held = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      inside();
      await new Promise<void>((r) => (release = r));
    });
    await isInside;
    expect(await inUse()).toBe(1);
    release();
    await held;
    expect(await inUse()).toBe(0);
    expect(await scrape()).toMatch(/^bo_db_transaction_seconds_count \d+/m);
    // A COPY (a statement import's staging) holds a connection too.
    await db.exec('CREATE TABLE metrics_copy_probe (n integer)');
    const copying = db.copyFrom('metrics_copy_probe (n)', '1\n2\n');
    expect(await inUse()).toBe(1);
    await copying;
    expect(await inUse()).toBe(0);
    const { rows } = await t.db.query<{ n: number }>('SELECT n FROM metrics_copy_probe ORDER BY n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    await db.exec('DROP TABLE metrics_copy_probe');
  });

  it('also serves the process metrics (event loop, memory)', async () => {
    const text = await scrape();
    expect(text).toMatch(/^bo_nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^bo_process_resident_memory_bytes /m);
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: private and loopback addresses only', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('10.2.3.4')).statusCode).toBe(200);
    expect((await from('203.0.113.9')).statusCode).toBe(403);
    expect((await from('2001:db8::1')).statusCode).toBe(403);
    expect(isPrivateAddress('::ffff:192.168.1.2')).toBe(true);
    expect(isPrivateAddress('172.32.0.1')).toBe(false);
  });

  it('with METRICS_TOKEN: the bearer token, from any address', async () => {
    const app = await buildApp(t.db, {
      ...t.config,
      metricsToken: 's3cret-token',
      moneyJobs: false,
    });
    try {
      const get = (headers: Record<string, string>) =>
        app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '203.0.113.9' });
      expect((await get({})).statusCode).toBe(403);
      expect((await get({ authorization: 'Bearer wrong-token!' })).statusCode).toBe(403);
      expect((await get({ authorization: 'Bearer s3cret-token' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('request logging', () => {
  it('keeps web app files, pages, probes and scrapes out of the info log, never calls', () => {
    const quiet = (method: string, url: string) =>
      isQuietRequest({ method, url } as Parameters<typeof isQuietRequest>[0]);
    expect(quiet('GET', '/assets/index-abc.js')).toBe(true);
    expect(quiet('GET', '/dashboard')).toBe(true);
    expect(quiet('HEAD', '/favicon.ico')).toBe(true);
    expect(quiet('GET', '/healthz')).toBe(true);
    expect(quiet('GET', '/metrics')).toBe(true);
    expect(quiet('POST', '/controller/admin/login')).toBe(false);
    expect(quiet('GET', '/api/v1/openapi.json')).toBe(false);
    expect(quiet('POST', '/api/v1/payins')).toBe(false);
  });
});
