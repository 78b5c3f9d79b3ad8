import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * A write whose statement committed but whose answer the lost connection took with it (the
 * chaos run's `db_reset`, seed 7, at a batch of pay-ins): the outcome is unknown to the
 * server, so it must neither run the items again alone (they would see their own signature
 * and be refused 401 `replayed_request`, the pay-in left `created` for good) nor free their
 * keys. It answers 503; the merchant's retry under the same key waits while the claim is
 * fresh (409 `request_in_progress`) and then finishes the pay-in that was kept: one row per
 * order id, handed to the gateway.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** Until undone, the creating statement of pay-ins runs, then its connection is "lost". */
function loseAnswersOfPayinCreation(db: Db): () => void {
  const mutable = db as { query: Db['query'] };
  const original = mutable.query;
  mutable.query = (async (text: string, params?: readonly unknown[]) => {
    const result = await original.call(db, text, params);
    if (/INSERT INTO merchant_api_seen_signatures/.test(text) && /INTO payins/.test(text))
      throw new Error('Connection terminated unexpectedly');
    return result;
  }) as Db['query'];
  return () => {
    mutable.query = original;
  };
}

type Answer = { id?: string; status?: string; error?: { code: string } };

describe('a pay-in batch whose answer was lost after it committed', () => {
  it('answers 503, keeps the keys, and the retries finish the pay-ins that were kept', async () => {
    const orders = ['lost-answer-1', 'lost-answer-2'];
    const send = (order: string, timestamp?: number) =>
      t.api<Answer>(
        'POST',
        '/api/v1/payins',
        { amount: '100.00', currency: 'THB', order_id: order },
        { idempotencyKey: `${order}-key`, timestamp, withHeaders: true },
      );
    const restore = loseAnswersOfPayinCreation(t.db);
    // Sent together, they share one batch: one statement through the database directly.
    const first = await Promise.all(orders.map((o) => send(o))).finally(restore);
    for (const answer of first) {
      expect(answer.status).toBe(503);
      expect(answer.headers?.['retry-after']).toBeDefined();
    }
    const kept = await t.db.query<{ order_id: string; status: string }>(
      `SELECT order_id, status FROM payins WHERE order_id = ANY($1) ORDER BY order_id`,
      [orders],
    );
    expect(kept.rows).toEqual(orders.map((order_id) => ({ order_id, status: 'created' })));

    // A retry, signed anew, while the claim is fresh: in progress, not a replay or a new pay-in.
    const later = Math.floor(Date.now() / 1000) + 1;
    for (const order of orders) {
      const retry = await send(order, later);
      expect(retry.status).toBe(409);
      expect(retry.body.error?.code).toBe('request_in_progress');
    }

    // Once the claim is stale, the retry finishes the pay-in that was kept.
    await t.db.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '5 minutes' WHERE idempotency_key = ANY($1)`,
      [orders.map((o) => `${o}-key`)],
    );
    for (const order of orders) {
      const retry = await send(order, later + 1);
      expect(retry.status).toBe(201);
      expect(retry.body.status).not.toBe('created');
    }
    const rows = await t.db.query<{ order_id: string; n: number }>(
      `SELECT order_id, count(*)::int AS n FROM payins WHERE order_id = ANY($1) GROUP BY order_id`,
      [orders],
    );
    expect(rows.rows.map((r) => r.n)).toEqual([1, 1]);
  });
});
