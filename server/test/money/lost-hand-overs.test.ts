import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAboutLostHandOvers } from '../../src/money-wiring/lost-hand-overs';
import {
  apiPayout,
  refundablePayin,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';

/**
 * A hand-over claimed whose gateway reference was never recorded (the server stopped, or lost
 * its database, between the claim and the gateway's answer: the chaos run's primary kill,
 * seed 7) stayed in `processing` for good. Once two minutes old its gateway is asked, and a
 * final answer applied as the callback would be. Amounts end in .02, which the sandbox never
 * answers by itself (`outcomeByAmount`).
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '5000.00');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

async function payout(orderId: string): Promise<string> {
  const created = await apiPayout(t, orderId, '120.02');
  expect(created.status).toBe('processing');
  return created.id;
}

/** The row as a hand-over that lost its answer leaves it: claimed `ago`, no reference. */
async function loseAnswer(table: 'payouts' | 'refunds', id: string, ago: string, reached: boolean) {
  if (!reached) await t.db.query('DELETE FROM sandbox_payments WHERE merchant_ref = $1', [id]);
  await t.db.query(
    `UPDATE ${table} SET gateway_reference = '', handing_over_at = now() - $2::interval WHERE id = $1`,
    [id, ago],
  );
}

const statusOf = async (table: 'payouts' | 'refunds', id: string) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0]!
    .status;

describe('a hand-over whose answer was lost', () => {
  it('is asked of its gateway once old enough; pending waits, a final answer applies once', async () => {
    const reached = await payout('lost-ho-reached');
    await loseAnswer('payouts', reached, '10 seconds', true);
    // Young: its own hand-over may still be under way.
    expect(await askAboutLostHandOvers(t.db, 'payout')).toBe(0);

    await loseAnswer('payouts', reached, '5 minutes', true);
    // The gateway has it and has not decided: nothing changes, and it is asked again only
    // as long after.
    expect(await askAboutLostHandOvers(t.db, 'payout')).toBe(0);
    expect(await statusOf('payouts', reached)).toBe('processing');
    await t.db.query(`UPDATE sandbox_payments SET status = 'success' WHERE merchant_ref = $1`, [
      reached,
    ]);
    expect(await askAboutLostHandOvers(t.db, 'payout')).toBe(0);
    expect(await statusOf('payouts', reached)).toBe('processing');
    await loseAnswer('payouts', reached, '5 minutes', true);
    expect(await askAboutLostHandOvers(t.db, 'payout')).toBe(1);
    expect(await statusOf('payouts', reached)).toBe('success');
    expect(await askAboutLostHandOvers(t.db, 'payout')).toBe(0);
  });

  it('fails one the gateway never received: its money is released, and it is never sent', async () => {
    const lost = await payout('lost-ho-never');
    await loseAnswer('payouts', lost, '5 minutes', false);
    expect(await askAboutLostHandOvers(t.db, 'payout')).toBe(1);
    expect(await statusOf('payouts', lost)).toBe('failed');
    const sent = await t.db.query('SELECT 1 FROM sandbox_payments WHERE merchant_ref = $1', [lost]);
    expect(sent.rows).toEqual([]);
  });

  it('a refund too', async () => {
    const payinId = await refundablePayin(t, 'lost-ho-rf-payin');
    const created = await t.api<{ id: string; status: string }>('POST', '/api/v1/refunds', {
      payin_id: payinId,
      amount: '40.02',
      merchant_refund_id: 'lost-ho-rf-1',
    });
    expect(created.body.status).toBe('processing');
    await loseAnswer('refunds', created.body.id, '5 minutes', false);
    expect(await askAboutLostHandOvers(t.db, 'refund')).toBe(1);
    expect(await statusOf('refunds', created.body.id)).toBe('failed');
  });
});
