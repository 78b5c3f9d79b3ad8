import type { Queryable } from '../../db/db';
import { changeAdjustments, createAdjustments, type NewAdjustment } from './adjustments.service';

/**
 * The demo world's adjustments of one merchant's balance, asked for by the demo admin: a
 * goodwill credit already approved (its journal posted), and a fee correction (a debit of part
 * of it) waiting for approval, so the adjustment screens and the pending queue have rows.
 */
export async function seedDemoAdjustments(
  tx: Queryable,
  spec: {
    merchantId: string;
    resellerId: string | null;
    currency: string;
    /** A typical pay-in amount of the merchant's, in minor units: the credit is twice it. */
    typical: bigint;
    adminId: string;
    idOf: (name: string) => string;
    at: (minutesAgo: number) => Date;
  },
): Promise<void> {
  const base = {
    ownerId: spec.merchantId,
    ownerType: 'merchant',
    resellerId: spec.resellerId,
    balance: 'available',
    currency: spec.currency,
    relatedId: null,
    minApprovals: 1,
    createdBy: spec.adminId,
  } as const satisfies Partial<NewAdjustment>;
  const [credit] = await createAdjustments(tx, [
    {
      ...base,
      id: spec.idOf('queue:adjustment:0'),
      direction: 'credit',
      amount: spec.typical * 2n,
      reasonCode: 'goodwill',
      note: 'Goodwill credit for a delayed settlement',
      createdAt: spec.at(90),
    },
    {
      ...base,
      id: spec.idOf('queue:adjustment:1'),
      direction: 'debit',
      amount: (spec.typical * 2n) / 4n || 1n,
      reasonCode: 'fee_correction',
      note: 'Pay-in fee charged too low in the last contract change',
      createdAt: spec.at(20),
    },
  ]);
  await changeAdjustments(tx, [{ id: credit!.id, status: 'approved', at: spec.at(80) }]);
}
