import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdminDashboardV2, getReportDashboardV3 } from '@bo/contract';
import { buildApp } from '../../src/app';
import { buildCallRegistry } from '../../src/calls';
import { loadConfig } from '../../src/config/config';
import { readerOf, type Db } from '../../src/db/db';
import { openPostgres } from '../../src/db/postgres';
import { withReadReplica } from '../../src/db/read-replica';
import { instrumentDb } from '../../src/http/metrics';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { DEMO_PASSWORD, TEST_SANDBOX_SECRET } from '../support/test-app';
import {
  noDatabaseBeingCopiedOrDropped,
  openTestDatabase,
  testDatabaseKind,
} from '../support/test-db';

/**
 * DATABASE_READ_URL on a role whose transactions are read-only: every list (page, export,
 * totals), report and dashboard answers through it, so they only read; each of them did read
 * through it; a write through it fails; and writes and sessions keep using the primary.
 */
const onPostgres = testDatabaseKind() === 'postgres';

describe('DATABASE_READ_URL (settings)', () => {
  it('needs DATABASE_URL: the embedded database has no replica', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r@replica/bo' }, [])).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    const config = loadConfig(
      { DATABASE_URL: 'postgres://app@db/bo', DATABASE_READ_URL: 'postgres://r@replica/bo' },
      [],
    );
    expect(config.databaseReadUrl).toBe('postgres://r@replica/bo');
    expect(loadConfig({}, []).databaseReadUrl).toBeUndefined();
  });

  it('unset, leaves every read on the one database', async () => {
    const db = await openTestDatabase();
    try {
      expect(db.replica).toBeUndefined();
      expect(readerOf(db)).toBe(db);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(onPostgres)('a read replica (a read-only role)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const role = `bo_reader_${randomBytes(4).toString('hex')}`;
  let primary: Db;
  let replica: Db;
  let app: FastifyInstance;
  /** Statements, transactions and cursors sent through the replica's pool so far. */
  let replicaReads = 0;
  const ids: Record<string, string> = {};
  const auth: Record<'admin' | 'reseller' | 'merchant', Record<string, string>> = {
    admin: {},
    reseller: {},
    merchant: {},
  };

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  /** The replica's pool, counting what goes through it. */
  const counted = (db: Db): Db => {
    const read = db.readInBatches!;
    return {
      ...db,
      query: (text, params) => (replicaReads++, db.query(text, params)),
      transaction: (work) => (replicaReads++, db.transaction(work)),
      readInBatches: async function* <R>(text: string, params: readonly unknown[], batch: number) {
        replicaReads++;
        yield* read<R>(text, params, batch);
      },
    };
  };

  const call = async (name: string, fields: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/controller/admin/${name}`,
      payload: fields,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '198.51.100.7',
    });
    return response;
  };

  beforeAll(async () => {
    primary = await openTestDatabase();
    await primary.transaction((tx) => seedDemoAccounts(tx));
    await seedDemoMoney(primary, { days: 2, payinsPerDay: 60 });
    const { rows } = await primary.query<{ name: string }>('SELECT current_database() AS name');
    const database = rows[0]!.name;
    await admin(`CREATE ROLE ${role} LOGIN`);
    await admin(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    await primary.exec(`GRANT USAGE ON SCHEMA public TO ${role};
      GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
    const readUrl = new URL(adminUrl);
    readUrl.username = role;
    readUrl.password = '';
    readUrl.pathname = `/${database}`;
    replica = await openPostgres(readUrl.toString());
    const config = loadConfig(
      { LOG_LEVEL: 'silent', NO_SEED_DEMO: '1', SANDBOX_SECRET: TEST_SANDBOX_SECRET },
      [],
    );
    app = await buildApp(instrumentDb(withReadReplica(primary, counted(replica), 30_000)), config);
    for (const code of ['MER00001', 'RES00001']) {
      const found = await primary.query<{ id: string }>(
        'SELECT id FROM accounts WHERE account_db_code = $1',
        [code],
      );
      ids[code] = found.rows[0]!.id;
    }
    const contract = await primary.query<{ id: string }>(
      `SELECT id FROM contracts WHERE merchant_account_id = $1 AND currency = 'THB' LIMIT 1`,
      [ids.MER00001],
    );
    ids.contract = contract.rows[0]!.id;
    for (const who of ['admin', 'reseller', 'merchant'] as const) {
      const answer = await call('login', { email: `${who}@demo.test`, password: DEMO_PASSWORD });
      const data = (answer.json() as { data: { token: string; username: string } }).data;
      auth[who] = { accessToken: data.token, accessUsername: data.username };
    }
    // A risk list (written on the primary), whose entries list is read through the replica.
    const list = await call('createRiskList', {
      ...auth.admin,
      name: 'Replica reads',
      keyType: 'email',
      listType: 'block',
      scope: 'platform',
    });
    ids.riskList = (list.json() as { data: { id: string } }).data.id;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await replica?.close();
    await primary?.close();
    // The primary's database holds the role's grants until its drop is done.
    await noDatabaseBeingCopiedOrDropped();
    await admin(`DROP ROLE IF EXISTS ${role}`);
  });

  /** The fields a list needs besides its page: the id of the ledger, statement or report. */
  const needs = (): Record<string, Record<string, string>> => ({
    getDetailedProfitReport: { id: ids.MER00001! },
    getContractLedger: { contractId: ids.contract! },
    getResellerContractLedger: { contractId: ids.contract! },
    getUsdtWalletLedger: { merchantId: ids.MER00001! },
    getResellerEarningStatement: { resellerId: ids.RES00001! },
    getMerchantStatement: { merchantId: ids.MER00001! },
    getLedgerEntries: { ownerId: ids.MER00001!, currency: 'THB' },
    // A run of no lines: the list is served (empty) all the same.
    getReconLineList: { runId: '00000000-0000-4000-8000-000000000000' },
    getRiskListEntries: { listId: ids.riskList! },
  });

  /**
   * Calls `name` as the first of admin, reseller and merchant allowed to; expects 200 and at
   * least one read through the replica.
   */
  const expectServedByReplica = async (
    name: string,
    fields: Record<string, string>,
    answerOf: (r: Awaited<ReturnType<typeof call>>) => number = (r) =>
      (r.json() as { status: number }).status,
  ) => {
    for (const who of ['admin', 'reseller', 'merchant'] as const) {
      const before = replicaReads;
      const response = await call(name, { ...auth[who], ...fields });
      const status = answerOf(response);
      if (status === 403) continue;
      expect(status, `${name} as ${who}: ${response.body.slice(0, 300)}`).toBe(200);
      expect(replicaReads, `${name} as ${who} read through the replica`).toBeGreaterThan(before);
      return who;
    }
    throw new Error(`no demo role may call ${name}`);
  };

  it('serves every list page, export and totals, every report and dashboard from it', async () => {
    const registry = buildCallRegistry();
    const lists = registry.names().filter((name) => registry.exportable(name));
    expect(lists.length).toBeGreaterThan(20);
    for (const name of lists) {
      const fields = { page: '1', pageSize: '5', ...needs()[name] };
      await expectServedByReplica(name, fields);
      await expectServedByReplica(
        'exportList',
        { call: name, format: 'csv', ...fields },
        (r) => r.statusCode,
      );
      if (registry.exportable(name)!.totals)
        await expectServedByReplica('getListTotals', { call: name, ...fields });
    }
    await expectServedByReplica(getAdminDashboardV2.name, {});
    for (const who of ['admin', 'reseller', 'merchant'] as const) {
      const before = replicaReads;
      const answer = await call(getReportDashboardV3.name, auth[who]);
      expect((answer.json() as { status: number }).status, `${who}: ${answer.body}`).toBe(200);
      expect(replicaReads).toBeGreaterThan(before);
    }
  }, 120_000);

  it('shows the use of both pools and the replica lag on /metrics', async () => {
    const scrape = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(scrape.statusCode).toBe(200);
    for (const pool of ['primary', 'replica']) {
      expect(scrape.body).toMatch(
        new RegExp(`^bo_db_connections_in_use\\{pool="${pool}"\\} \\d+$`, 'm'),
      );
      expect(scrape.body).toMatch(
        new RegExp(`^bo_db_pool_connections\\{pool="${pool}",state="open"\\} [1-9]`, 'm'),
      );
    }
    // A role on the primary is no standby: it never lags.
    expect(scrape.body).toMatch(/^bo_db_replica_lag_seconds 0$/m);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ checks: { replica: 'ok (not a standby)' } });
  });

  it('refuses a write through it', async () => {
    await expect(
      replica.query(`UPDATE settings SET value = value WHERE key = 'none'`),
    ).rejects.toMatchObject({ code: '25006' }); // read_only_sql_transaction
  });

  it('keeps writes, sessions and the calls that must be current on the primary', async () => {
    const before = replicaReads;
    const added = await call('addLoginIp', { ...auth.merchant, ip: '203.0.113.40' });
    expect((added.json() as { status: number }).status, added.body).toBe(200);
    const listed = await call('getLoginIps', auth.merchant);
    expect(listed.body).toContain('203.0.113.40');
    expect(replicaReads).toBe(before);
  });
});
