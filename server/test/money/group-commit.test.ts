import { parseAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitGatewayCallback } from '../../src/modules/gateway-callbacks/gateway-events';
import { GroupCommit } from '../../src/db/group-commit';
import { UnexpectedRows } from '../../src/db/writes';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { submitPayinChange, submitPayinCreation } from '../../src/modules/payins/payin-batches';
import type { PayinRecord } from '../../src/modules/payins/payins.queries';
import { changeLockedPayins } from '../../src/modules/payins/payins.service';
import { ADMIN, ADMIN2, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * Group commit: concurrent requests share transactions, yet each keeps its own answer, a bad
 * one fails alone, and a batch that cannot commit answers every caller with an error and
 * changes nothing. Runs on both databases.
 */
let t: MoneyApp;
let merchantId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/**
 * Runs `work` while a deferred check refuses, at COMMIT, any transaction that inserted or
 * updated (per `event`) a pay-in whose order id starts with "boom".
 */
async function withCommitRefusal(event: 'INSERT' | 'UPDATE', work: () => Promise<void>) {
  await t.db.exec(`
    CREATE FUNCTION gc_boom() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.order_id LIKE 'boom%' THEN RAISE EXCEPTION 'commit refused'; END IF; RETURN NULL; END $$;
    CREATE CONSTRAINT TRIGGER gc_boom AFTER ${event} ON payins DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION gc_boom();`);
  try {
    await work();
  } finally {
    await t.db.exec('DROP TRIGGER gc_boom ON payins; DROP FUNCTION gc_boom();');
  }
}

const available = () => findLedgerBalance(t.db, accountKey(merchantId, 'THB', 'available'));

describe('group commit', () => {
  it('answers each of many concurrent API pay-ins; the bad ones fail alone', async () => {
    const before = await t.count('payins');
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_v, i) =>
        t.api<{ status: string }>('POST', '/api/v1/payins', {
          amount: '100.00',
          currency: 'THB',
          order_id: `gc-ok-${i}`,
        }),
      ),
      // No contract in BDT for this merchant: refused alone, with its own message.
      t.api<{ error: { code: string; message: string } }>('POST', '/api/v1/payins', {
        amount: '100.00',
        currency: 'BDT',
        order_id: 'gc-bad-currency',
      }),
      // The same order id twice under two keys: one is created, the other is a conflict.
      ...[1, 2].map(() =>
        t.api<{ error?: { code: string } }>('POST', '/api/v1/payins', {
          amount: '100.00',
          currency: 'THB',
          order_id: 'gc-same-order',
        }),
      ),
    ]);
    expect(answers.slice(0, 40).every((a) => a.status === 201)).toBe(true);
    expect(
      answers.slice(0, 40).every((a) => (a.body as { status: string }).status === 'processing'),
    ).toBe(true);
    expect(answers[40]!.status).toBe(400);
    expect((answers[40]!.body as { error: { message: string } }).error.message).toMatch(/BDT/);
    expect(
      answers
        .slice(41)
        .map((a) => a.status)
        .sort(),
    ).toEqual([201, 409]);
    expect(await t.count('payins')).toBe(before + 41);
    // Every answered key replays its saved response; the refused ones were released.
    const { rows } = await t.db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM idempotency_keys WHERE status_code IS NULL',
    );
    expect(rows[0]!.n).toBe(0n);
  });

  it('replays and refuses keys exactly as one by one, even when sent at once', async () => {
    const body = { amount: '12.00', currency: 'THB', order_id: 'gc-replay' };
    // Retries are signed anew (their own X-Timestamp): one signature twice is a replay.
    const now = Math.floor(Date.now() / 1000);
    const first = await t.api<{ id: string }>('POST', '/api/v1/payins', body, {
      idempotencyKey: 'gc-key',
      timestamp: now,
    });
    expect(first.status).toBe(201);
    const again = await Promise.all([
      t.api<{ id: string }>('POST', '/api/v1/payins', body, {
        idempotencyKey: 'gc-key',
        timestamp: now - 1,
      }),
      t.api<{ id: string }>('POST', '/api/v1/payins', body, {
        idempotencyKey: 'gc-key',
        timestamp: now - 2,
      }),
      t.api('POST', '/api/v1/payins', { ...body, amount: '13.00' }, { idempotencyKey: 'gc-key' }),
      t.api('POST', '/api/v1/payins', { ...body, order_id: 'gc-fresh' }),
    ]);
    expect(again[0]!.body).toEqual(first.body);
    expect(again[1]!.body).toEqual(first.body);
    expect(again[2]!.status).toBe(409);
    expect(again[3]!.status).toBe(201);
  });

  it('credits once per pay-in when many callbacks, duplicates among them, arrive at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_v, i) =>
        submitPayinCreation(t.db, {
          merchantId,
          orderId: `gc-cb-${i}`,
          currency: 'THB',
          amount: 10_000n,
          createdAt: new Date(),
        }),
      ),
    );
    const started = await Promise.all(
      made.map((p) => submitPayinChange(t.db, { id: p.id, status: 'processing', at: new Date() })),
    );
    expect(started.every((r) => r.applied)).toBe(true);
    const { rows } = await t.db.query<{ id: string; c: string }>(
      'SELECT id, payment_gateway_code AS c FROM payment_gateways',
    );
    const codes = new Map(rows.map((r) => [r.id, r.c]));
    const code = (id: string) => codes.get(made.find((p) => p.id === id)!.gateway_id)!;
    const before = await available();
    const event = (id: string, status: 'success' | 'failed' = 'success') => ({
      eventId: `gc:${id}:${status}`,
      gatewayCode: code(id),
      kind: 'payin' as const,
      refId: id,
      status,
    });
    const outcomes = await Promise.all([
      ...made.flatMap((p) => [0, 1, 2].map(() => submitGatewayCallback(t.db, event(p.id)))),
      // A failure after the success, at once: recorded as ignored.
      submitGatewayCallback(t.db, event(made[0]!.id, 'failed')),
      // A callback for a pay-in of another gateway is unknown.
      submitGatewayCallback(t.db, { ...event(made[1]!.id), gatewayCode: 'NOPE', eventId: 'x' }),
    ]);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(40);
    expect(outcomes.slice(60)).toEqual(['ignored', 'unknown']);
    const net = made.reduce((s, p) => s + p.net_amount, 0n);
    expect((await available()) - before).toBe(net);
  });

  it('resolves each pay-out once when many pay-out callbacks, duplicates among them, arrive at once', async () => {
    const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      amount: '5000.00',
    });
    await t.as(ADMIN2, 'approveTopUp', { id: topUp.data.id });
    const payoutBalance = (purpose: 'payout_available' | 'payout_reserved') =>
      findLedgerBalance(t.db, accountKey(merchantId, 'THB', purpose));
    const before = await payoutBalance('payout_available');
    // Amounts ending in .02 are never answered by the sandbox: the callbacks below decide.
    const made = await Promise.all(
      Array.from({ length: 12 }, (_v, i) =>
        t.api<{ id: string; fee: string }>('POST', '/api/v1/payouts', {
          amount: '100.02',
          currency: 'THB',
          order_id: `gc-po-${i}`,
          bank_name: 'Bank',
          account_number: '123',
          account_holder: 'Holder',
        }),
      ),
    );
    expect(made.every((m) => m.status === 201)).toBe(true);
    const { rows } = await t.db.query<{ id: string; code: string }>(
      `SELECT p.id, g.payment_gateway_code AS code FROM payouts p
         JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = ANY($1::uuid[])`,
      [made.map((m) => m.body.id)],
    );
    const outcomes = await Promise.all(
      rows.flatMap((r, i) =>
        [0, 1].map(() =>
          submitGatewayCallback(t.db, {
            eventId: `gc-po:${r.id}`,
            gatewayCode: r.code,
            kind: 'payout',
            refId: r.id,
            status: i % 2 ? 'failed' : 'success',
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(12);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(12);
    // Six succeeded (amount + fee left), six failed (voided back); nothing stays reserved.
    const held = 10_002n + parseAmount(made[0]!.body.fee, 'THB')!;
    expect(before - (await payoutBalance('payout_available'))).toBe(6n * held);
    expect(await payoutBalance('payout_reserved')).toBe(0n);
  });

  it('a batch that fails at commit answers every caller with an error and changes nothing', async () => {
    const made: PayinRecord[] = [];
    for (const order of ['ok-1', 'ok-2', 'boom-1', 'ok-3'])
      made.push(
        await submitPayinCreation(t.db, {
          merchantId,
          orderId: `${order}-commit`,
          currency: 'THB',
          amount: 5_000n,
          createdAt: new Date(),
        }),
      );
    await withCommitRefusal('UPDATE', async () => {
      const snapshot = async () =>
        Promise.all(
          [
            `SELECT id, status FROM payins WHERE order_id LIKE '%-commit' ORDER BY id`,
            'SELECT * FROM report_halfhours ORDER BY 1, 2, 3, 4, 5, 6, 7',
            'SELECT * FROM dashboard_rollups ORDER BY 1, 2, 3, 4, 5, 6, 7',
          ].map(async (sql) => (await t.db.query(sql)).rows),
        );
      const before = await snapshot();
      const answers = await Promise.allSettled(
        made.map((p) =>
          submitPayinChange(t.db, { id: p.id, status: 'processing', at: new Date() }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([
        'rejected',
        'rejected',
        'rejected',
        'rejected',
      ]);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('a creation batch is one statement: a failure at its commit fails only the bad item', async () => {
    await withCommitRefusal('INSERT', async () => {
      const before = await t.count('payins');
      const answers = await Promise.allSettled(
        ['ok-1', 'ok-2', 'boom-1', 'ok-3'].map((order) =>
          submitPayinCreation(t.db, {
            merchantId,
            orderId: `${order}-create`,
            currency: 'THB',
            amount: 5_000n,
            createdAt: new Date(),
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(await t.count('payins')).toBe(before + 3);
    });
  });

  it('never moves a pay-in from a state it was not judged on, even without a lock', async () => {
    const p = await submitPayinCreation(t.db, {
      merchantId,
      orderId: 'gc-stale',
      currency: 'THB',
      amount: 7_000n,
      createdAt: new Date(),
    });
    await submitPayinChange(t.db, { id: p.id, status: 'processing', at: new Date() });
    const rollups = await t.db.query(
      'SELECT * FROM dashboard_rollups ORDER BY 1, 2, 3, 4, 5, 6, 7',
    );
    // `p` still says created: the move is refused whole, rollups and all.
    await expect(
      t.db.transaction((tx) =>
        changeLockedPayins(tx, [p], [{ id: p.id, status: 'processing', at: new Date() }]),
      ),
    ).rejects.toBeInstanceOf(UnexpectedRows);
    expect(
      (await t.db.query('SELECT * FROM dashboard_rollups ORDER BY 1, 2, 3, 4, 5, 6, 7')).rows,
    ).toEqual(rollups.rows);
    const { rows } = await t.db.query<{ status: string }>(
      'SELECT status FROM payins WHERE id = $1',
      [p.id],
    );
    expect(rows[0]!.status).toBe('processing');
  });

  it('runs a failing batch again one by one, so only the bad item fails', async () => {
    const done: number[][] = [];
    const g = new GroupCommit<number, number>(t.db, {
      async many(_tx, items) {
        if (items.includes(3)) throw new Error('three is bad');
        done.push([...items]);
        return items.map((i) => i * 10);
      },
      async one(_tx, i) {
        if (i === 3) throw new Error('three is bad');
        done.push([i]);
        return i * 10;
      },
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((i) => g.submit(i)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'error'))).toEqual([
      10,
      20,
      'error',
      40,
    ]);
    expect(done.every((d) => d.length === 1)).toBe(true);
    // Without a bad item they share one batch.
    done.length = 0;
    expect(await Promise.all([5, 6, 7].map((i) => g.submit(i)))).toEqual([50, 60, 70]);
    expect(done).toEqual([[5, 6, 7]]);
  });

  it('runs a lone item through `many` when asked (loneItemRunsMany), and alone only when that fails', async () => {
    const calls: string[] = [];
    const g = new GroupCommit<number, number>(t.db, {
      async many(tx, items) {
        calls.push(`many ${items.join()}`);
        if (items.includes(3)) throw new Error('three is bad');
        // Outside a transaction: the statement is its own (batchIsOneStatement).
        expect(tx).toBe(t.db);
        return items.map((i) => i * 10);
      },
      async one(_tx, i) {
        calls.push(`one ${i}`);
        return i * 10;
      },
      batchIsOneStatement: true,
      loneItemRunsMany: true,
    });
    expect(await g.submit(1)).toBe(10);
    expect(await g.submit(3)).toBe(30);
    expect(calls).toEqual(['many 1', 'many 3', 'one 3']);
  });
});
