import type { Queryable } from '../db/db';
import { changeRefunds, createRefund, type RefundChange } from '../modules/refunds/refunds.service';

/** A successful pay-in of the day a demo refund may give part of back. */
export interface RefundablePayin {
  readonly id: string;
  readonly merchant_account_id: string;
  readonly amount: bigint;
  readonly created_at: Date;
}

/**
 * The day's demo refunds, through the real refund code: every other day (never the last two,
 * which the browser tests refund themselves), half of the day's first successful pay-in is given
 * back, and a quarter of its second one, which the gateway fails one day in four. Each is
 * reserved two hours after its pay-in was made, handed to the gateway and answered ten and
 * twenty minutes later.
 */
export async function seedDemoRefunds(
  tx: Queryable,
  payins: readonly RefundablePayin[],
  daysAgo: number,
): Promise<void> {
  if (daysAgo < 2 || daysAgo % 2 !== 0) return;
  const failsToday = daysAgo % 8 === 0;
  const plans = [
    { payin: payins[0], share: 2n, outcome: 'succeeded' as const },
    {
      payin: payins[1],
      share: 4n,
      outcome: failsToday ? ('failed' as const) : ('succeeded' as const),
    },
  ];
  const changes: RefundChange[] = [];
  for (const [i, plan] of plans.entries()) {
    if (!plan.payin || plan.payin.amount / plan.share <= 0n) continue;
    const made = plan.payin.created_at.getTime();
    const at = (minutes: number) => new Date(made + (120 + minutes) * 60_000);
    const refund = await createRefund(tx, {
      merchantId: plan.payin.merchant_account_id,
      payinId: plan.payin.id,
      amount: plan.payin.amount / plan.share,
      reason: 'Customer returned the goods',
      merchantRefundId: null,
      createdBy: null,
      at: at(i),
      returnsPayinFee: false,
    });
    if (refund.status === 'pending_approval')
      changes.push({ id: refund.id, status: 'processing', at: at(10) });
    changes.push({
      id: refund.id,
      status: plan.outcome,
      at: at(20),
      reference: `DEMO-RF-${refund.id.slice(0, 8)}`,
    });
  }
  await changeRefunds(tx, changes);
}
