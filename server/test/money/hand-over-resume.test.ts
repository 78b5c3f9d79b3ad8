import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeUnsentPayouts } from '../../src/modules/payouts/payout-flow';
import { resumeUnsentRefunds } from '../../src/modules/refunds/refund-flow';
import {
  apiPayout,
  refundablePayin,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';

/**
 * A server that stops between the commit that moves a pay-out or refund to `processing` and
 * its hand-over left it there, unsent, for good (issue 45's chaos run found a refund so). The
 * money jobs now hand such rows over once they are half a minute old, once each. Amounts end
 * in .02, which the sandbox never answers (`outcomeByAmount`): the rows stay in `processing`.
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

/** The row as a server killed before its hand-over leaves it: unsent, unclaimed, unknown to the gateway. */
async function forgetHandOver(table: 'payouts' | 'refunds', id: string) {
  await t.db.query('DELETE FROM sandbox_payments WHERE merchant_ref = $1', [id]);
  await t.db.query(
    `UPDATE ${table} SET gateway_reference = '', handing_over_at = NULL WHERE id = $1`,
    [id],
  );
}

async function handOversOf(table: 'payouts' | 'refunds', id: string) {
  const { rows } = await t.db.query<{ reference: string; hand_overs: number | null }>(
    `SELECT r.gateway_reference AS reference, s.hand_overs
       FROM ${table} r LEFT JOIN sandbox_payments s ON s.merchant_ref = r.id WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

describe('a pay-out or refund left unsent in processing', () => {
  it('is handed over once by the sweep, once old enough; a claimed one is left alone', async () => {
    const created = await apiPayout(t, 'unsent-po-1', '150.02');
    expect(created.status).toBe('processing');
    const id = created.id;
    await forgetHandOver('payouts', id);

    // Young rows are their own hand-over's: the sweep waits.
    await resumeUnsentPayouts(t.db);
    expect(await handOversOf('payouts', id)).toEqual({ reference: '', hand_overs: null });

    // Claimed by a hand-over under way (or one whose server stopped at the gateway): left alone.
    await t.db.query('UPDATE payouts SET handing_over_at = now() WHERE id = $1', [id]);
    expect(await resumeUnsentPayouts(t.db, 0)).toBe(0);
    await t.db.query('UPDATE payouts SET handing_over_at = NULL WHERE id = $1', [id]);

    expect(await resumeUnsentPayouts(t.db, 0)).toBe(1);
    expect(await handOversOf('payouts', id)).toEqual({
      reference: `SBX-PO-${id}`,
      hand_overs: 1,
    });
    // Handed over: the next rounds find nothing, and nothing is sent again.
    expect(await resumeUnsentPayouts(t.db, 0)).toBe(0);
    expect(await handOversOf('payouts', id)).toMatchObject({ hand_overs: 1 });
  });

  it('a refund too', async () => {
    const payinId = await refundablePayin(t, 'unsent-rf-payin');
    const created = await t.api<{ id: string; status: string }>('POST', '/api/v1/refunds', {
      payin_id: payinId,
      amount: '50.02',
      merchant_refund_id: 'unsent-rf-1',
    });
    expect(created.body.status).toBe('processing');
    const id = created.body.id;
    await forgetHandOver('refunds', id);
    expect(await resumeUnsentRefunds(t.db, 0)).toBe(1);
    expect(await handOversOf('refunds', id)).toEqual({
      reference: expect.stringMatching(/^SBX-RF-/),
      hand_overs: 1,
    });
    expect(await resumeUnsentRefunds(t.db, 0)).toBe(0);
  });
});
