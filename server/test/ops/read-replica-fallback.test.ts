import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import type { Db } from '../../src/db/db';
import { openPostgres } from '../../src/db/postgres';
import { withReadReplica } from '../../src/db/read-replica';
import { instrumentDb } from '../../src/http/metrics';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { Relay } from '../support/tcp-relay';
import { DEMO_PASSWORD, TEST_SANDBOX_SECRET } from '../support/test-app';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/**
 * A read replica that goes away mid-run: lists, exports and dashboards keep answering from the
 * primary, `/metrics` and `/readyz` say so, and once it is back (after REPLICA_RETRY_SECONDS)
 * reads go to it again. The "replica" is the test database reached through a TCP relay that the
 * test stops (connections refused and cut) and starts again on the same port.
 */
const onPostgres = testDatabaseKind() === 'postgres';
const RETRY_MS = 1_000;

describe.runIf(onPostgres)('a read replica that goes away', () => {
  const relay = new Relay();
  let primary: Db;
  let replica: Db;
  let app: FastifyInstance;
  let auth: Record<string, string> = {};

  const call = async (name: string, fields: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: `/controller/admin/${name}`,
      payload: { ...auth, ...fields },
      headers: { 'content-type': 'application/json' },
    });
    return { http: response.statusCode, body: response.body };
  };
  const listAnswers = async () => {
    for (const name of ['getPayinList', 'getMerchantList', 'getReportDashboardV3']) {
      const answer = await call(name, { page: '1', pageSize: '5' });
      expect(answer.http, `${name}: ${answer.body.slice(0, 200)}`).toBe(200);
    }
    const exported = await call('exportList', { call: 'getPayinList', format: 'csv' });
    expect(exported.http, exported.body.slice(0, 200)).toBe(200);
  };
  const metric = async (name: string) => {
    const scrape = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(scrape.body)?.[1]);
  };
  const replicaCheck = async () =>
    (
      (await app.inject({ method: 'GET', url: '/readyz' })).json() as {
        checks: { replica?: string };
      }
    ).checks.replica;

  beforeAll(async () => {
    primary = await openTestDatabase();
    await primary.transaction((tx) => seedDemoAccounts(tx));
    const { rows } = await primary.query<{ name: string }>('SELECT current_database() AS name');
    await relay.start();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${rows[0]!.name}`;
    replica = await openPostgres(url.toString());
    const config = loadConfig(
      { LOG_LEVEL: 'silent', NO_SEED_DEMO: '1', SANDBOX_SECRET: TEST_SANDBOX_SECRET },
      [],
    );
    app = await buildApp(instrumentDb(withReadReplica(primary, replica, RETRY_MS)), config);
    const login = await call('login', { email: 'admin@demo.test', password: DEMO_PASSWORD });
    const data = (JSON.parse(login.body) as { data: { token: string; username: string } }).data;
    auth = { accessToken: data.token, accessUsername: data.username };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await replica?.close().catch(() => undefined);
    await relay.stop().catch(() => undefined);
    await primary?.close();
  });

  it('keeps lists answering from the primary, says so, and goes back to it once it is up', async () => {
    await listAnswers();
    expect(await metric('bo_db_replica_fallbacks_total')).toBe(0);
    expect(await replicaCheck()).toMatch(/^ok/);

    await relay.stop();
    await listAnswers();
    await listAnswers();
    expect(await metric('bo_db_replica_fallbacks_total')).toBeGreaterThanOrEqual(1);
    expect(await metric('bo_db_replica_on_primary')).toBe(1);
    expect(await replicaCheck()).toMatch(/^unreachable/);

    // Back on the same port: once the retry time is over, reads reach the replica again.
    const before = relay.connections;
    await relay.start();
    const deadline = Date.now() + 30_000;
    while (relay.connections === before && Date.now() < deadline) {
      await listAnswers();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(relay.connections).toBeGreaterThan(before);
    await listAnswers();
    expect(await metric('bo_db_replica_on_primary')).toBe(0);
    expect(await replicaCheck()).toMatch(/^ok/);
  }, 120_000);
});
