import { randomUUID } from 'node:crypto';
import { TOP_UP_LIFECYCLE, type TopUpStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { TransitionResult } from '../../core/transitions';
import { accountKey, platformKey } from '../../ledger/ledger-accounts';
import { applyRollups } from '../../ledger/rollups';
import {
  changeMoney,
  creationDeltas,
  type MoneyChange,
  type MoneyKindWriter,
} from '../money-flow/money-writer';
import { topUpsTable, type TopUpRecord } from './top-ups.queries';

/** The list reads the money detail uses (the service is the module's door). */
export { topUpList } from './top-ups.queries';

export interface NewTopUp {
  id?: string;
  merchantId: string;
  resellerId: string | null;
  currency: string;
  amount: bigint;
  note: string;
  createdBy: string | null;
  createdAt: Date;
}

/** Records top-ups awaiting approval (no money moves yet). */
export async function createTopUps(
  tx: Queryable,
  items: readonly NewTopUp[],
  slot?: number,
): Promise<TopUpRecord[]> {
  const rows: TopUpRecord[] = items.map((i) => ({
    id: i.id ?? randomUUID(),
    merchant_account_id: i.merchantId,
    reseller_account_id: i.resellerId,
    currency: i.currency,
    amount: i.amount,
    status: TOP_UP_LIFECYCLE.initial,
    note: i.note,
    created_by: i.createdBy,
    created_at: i.createdAt,
    updated_at: i.createdAt,
    decided_at: null,
  }));
  if (!rows.length) return rows;
  await topUpsTable.insert(tx, rows);
  await applyRollups(tx, creationDeltas(TOP_UP_MONEY, rows), slot);
  return rows;
}

/** How a top-up moves: an approval credits the merchant's pay-out balance from the platform's bank. */
const TOP_UP_MONEY: MoneyKindWriter<
  TopUpStatus,
  TopUpRecord,
  MoneyChange<TopUpStatus>,
  keyof TopUpRecord
> = {
  kind: 'top_up',
  lifecycle: TOP_UP_LIFECYCLE,
  table: topUpsTable,
  owner: (t) => t.merchant_account_id,
  stampsDecided: () => true,
  effects: (t, change) =>
    change.status === 'approved'
      ? {
          journals: [
            {
              ownerAccountId: t.merchant_account_id,
              kind: 'top_up.approve',
              refType: 'top_up',
              refId: t.id,
              createdAt: change.at,
              entries: [
                { account: platformKey(t.currency, 'bank'), amount: -t.amount },
                {
                  account: accountKey(t.merchant_account_id, t.currency, 'payout_available'),
                  amount: t.amount,
                },
              ],
            },
          ],
        }
      : {},
};

/** Approves (crediting the merchant's pay-out balance from the platform's bank) or rejects top-ups. */
export async function changeTopUps(
  tx: Queryable,
  changes: readonly MoneyChange<TopUpStatus>[],
  slot?: number,
): Promise<TransitionResult<TopUpStatus, TopUpRecord>[]> {
  if (!changes.length) return [];
  const lockedRows = await topUpsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  return changeMoney(tx, TOP_UP_MONEY, lockedRows, changes, { slot });
}
