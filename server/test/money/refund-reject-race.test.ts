import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeRefunds } from '../../src/modules/refunds/refunds.service';
import { testDatabaseKind } from '../support/test-db';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  refundablePayin,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/**
 * Rejecting a refund judges its status under the refund's row lock: a reject that meets an
 * approval (the refund sent to its gateway) is a 409 and never voids the reservation of a
 * refund the gateway is paying.
 */
let t: MoneyApp;
let payinId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  payinId = await refundablePayin(t, 'reject-race');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** A refund of 400.00 waiting for two admins: its id. */
async function pendingRefund(): Promise<string> {
  const r = await t.as<{ id: string; status: string }>(MERCHANT, 'requestRefund', {
    payinId,
    amount: '400.00',
  });
  expect(r.status, r.message).toBe(200);
  expect(r.data.status).toBe('pending_approval');
  return r.data.id;
}

/** The refund's status and what became of its reservation (null: still held). */
async function stateOf(id: string) {
  const { rows } = await t.db.query<{ status: string; outcome: string | null }>(
    `SELECT f.status, rr.outcome
       FROM refunds f JOIN reservations r ON r.ref_type = 'refund' AND r.ref_id = f.id
       LEFT JOIN reservation_resolutions rr ON rr.reservation_id = r.id
      WHERE f.id = $1`,
    [id],
  );
  return rows[0];
}

describe('rejecting a refund that is no longer pending', () => {
  it('after the second approval sent it to its gateway: 409, the reservation kept', async () => {
    const id = await pendingRefund();
    expect((await t.as(ADMIN, 'approveRefund', { id })).status).toBe(200);
    const second = await t.as<{ status: string }>(ADMIN2, 'approveRefund', { id });
    expect(second.data.status).toBe('processing');
    await t.sandbox.idle();
    const before = await stateOf(id);
    const reject = await t.as(ADMIN, 'rejectRefund', { id, ...REJECTION });
    expect(reject.status).toBe(409);
    expect(reject.message).toMatch(/cannot become rejected/);
    expect(await stateOf(id)).toEqual(before);
    expect(before!.status).not.toBe('rejected');
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'while an approval holds the row: the reject waits for it, then is a 409 (PostgreSQL)',
    async () => {
      const id = await pendingRefund();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      // The second approval's change, not yet committed: the refund is `processing` under its lock.
      const approval = t.db.transaction(async (tx) => {
        const [moved] = await changeRefunds(tx, [{ id, status: 'processing', at: new Date() }]);
        expect(moved?.applied).toBe(true);
        entered();
        await held;
      });
      await inside;
      // Bulk reject, as the queue's "reject selected" does.
      const reject = t.as<{ results: { id: string; ok: boolean }[] }>(ADMIN, 'decideRefunds', {
        ids: id,
        decision: 'reject',
        ...REJECTION,
      });
      // The reject reaches the refund's row and waits on its lock.
      await vi.waitFor(
        async () => {
          const { rows } = await t.db.query<{ n: bigint }>(
            `SELECT count(*)::int8 AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(Number(rows[0]!.n)).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      release();
      await approval;
      const answer = await reject;
      expect(answer.status, answer.message).toBe(200);
      expect(answer.data.results).toEqual([
        expect.objectContaining({
          id,
          ok: false,
          message: expect.stringMatching(/cannot become rejected/),
        }),
      ]);
      expect(await stateOf(id)).toEqual({ status: 'processing', outcome: null });
    },
  );
});
