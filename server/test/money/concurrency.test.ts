import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { testDatabaseKind } from '../support/test-db';
import { ADMIN, ADMIN2, MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

/** Races on one balance need real concurrent connections: these run on PostgreSQL only. */
const onPostgres = testDatabaseKind() === 'postgres';

describe.runIf(onPostgres)('concurrency on PostgreSQL', () => {
  let t: MoneyApp;
  beforeAll(async () => {
    t = await startMoneyApp();
  });
  afterAll(async () => {
    await t.expectCleanLedger();
    await t.close();
  });

  it('32 concurrent pay-outs against one balance never overdraw it', async () => {
    const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      amount: '1000.00',
    });
    await t.as(ADMIN2, 'approveTopUp', { id: topUp.data.id });
    await t.as(MERCHANT, 'getReportBalanceForResellerMerchant');
    // Each pay-out holds 100.00 + 1% + 2.00 = 103.00: at most 9 fit in 1000.00.
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_v, i) =>
        t.as(MERCHANT, 'createPayout', {
          currency: 'THB',
          amount: '100.00',
          orderId: `race-${i}`,
          bankName: 'B',
          accountNumber: '1',
          accountHolder: 'A',
        }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(accepted).toBe(9);
    const balance = await findLedgerBalance(
      t.db,
      accountKey(await t.accountId('MER00001'), 'THB', 'payout_available'),
    );
    expect(balance).toBe(100_000n - 9n * 10_300n);
  });

  it('32 concurrent settlements against one balance never overdraw it', async () => {
    const p = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '1000.03',
      currency: 'THB',
      order_id: 'race-pi',
    });
    expect(p.status).toBe(201);
    await t.sandbox.idle();
    // Available 975.03; each settlement holds 100.00 + 0.5% = 100.50: at most 9.
    const answers = await Promise.all(
      Array.from({ length: 32 }, () =>
        t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '100.00' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    const balance = await t.as<{ balance: string }>(
      MERCHANT,
      'getReportBalanceForResellerMerchant',
      { currency: 'THB' },
    );
    expect(balance.data.balance).toBe('70.53');
  });

  it('a callback delivered 10 times at once credits once', async () => {
    const p = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '500.00',
      currency: 'THB',
      order_id: 'race-cb',
    });
    const { rows } = await t.db.query<{ code: string }>(
      'SELECT g.payment_gateway_code AS code FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = $1',
      [p.body.id],
    );
    const before = await t.as<{ balance: string }>(
      MERCHANT,
      'getReportBalanceForResellerMerchant',
      { currency: 'THB' },
    );
    const statuses = await t.sandbox.sendCallback(
      {
        reference: `SBX-PI-${p.body.id}`,
        gateway_code: rows[0]!.code,
        kind: 'payin',
        merchant_ref: p.body.id,
      },
      'success',
      10,
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const journals = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM journal WHERE ref_id = $1`,
      [p.body.id],
    );
    expect(journals.rows[0]!.n).toBe(1n);
    const events = await t.db.query<{ outcome: string }>(
      `SELECT outcome FROM gateway_events WHERE ref_id = $1`,
      [p.body.id],
    );
    expect(events.rows.map((e) => e.outcome)).toEqual(['applied']);
    const after = await t.as<{ balance: string }>(MERCHANT, 'getReportBalanceForResellerMerchant', {
      currency: 'THB',
    });
    expect([before.data.balance, after.data.balance]).toEqual(['70.53', '558.03']);
  });

  it('one idempotency key sent 10 times at once creates one pay-in', async () => {
    const before = await t.count('payins');
    // Each signed anew (its own X-Timestamp): one signature twice would be refused as a replay.
    const now = Math.floor(Date.now() / 1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api(
          'POST',
          '/api/v1/payins',
          { amount: '5.00', currency: 'THB', order_id: 'race-idem' },
          { idempotencyKey: 'race-key', timestamp: now - i },
        ),
      ),
    );
    expect(await t.count('payins')).toBe(before + 1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
  });
});

describe.skipIf(onPostgres)('concurrency (PGlite)', () => {
  it('is exercised on PostgreSQL: PGlite has a single connection', () => {
    expect(testDatabaseKind()).toBe('pglite');
  });
});
