import { randomUUID } from 'node:crypto';
import { TOP_UP_LIFECYCLE, type TopUpStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { walkTransitions } from '../../core/transitions';
import type { StateChange } from '../../db/lifecycle-table';
import { accountKey, platformKey } from '../../ledger/ledger-accounts';
import { postJournals, type JournalDraft } from '../../ledger/postings';
import { applyRollups, transitionDeltas, type RollupDelta } from '../../ledger/rollups';
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

const rollupBase = (t: TopUpRecord) => ({
  ownerAccountId: t.merchant_account_id,
  currency: t.currency,
  createdAt: t.created_at,
  kind: 'top_up' as const,
});

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
  await applyRollups(
    tx,
    rows.flatMap((t) => transitionDeltas(rollupBase(t), null, t.status, t.amount, 0n)),
    slot,
  );
  return rows;
}

/** Approves (crediting the merchant's pay-out balance from the platform's bank) or rejects top-ups. */
export async function changeTopUps(
  tx: Queryable,
  changes: readonly { id: string; status: TopUpStatus; at: Date }[],
  slot?: number,
): Promise<
  {
    id: string;
    applied: boolean;
    from: TopUpStatus | null;
    status: TopUpStatus | null;
    record?: TopUpRecord;
  }[]
> {
  if (!changes.length) return [];
  const lockedRows = await topUpsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  const updates: StateChange[] = [];
  const journals: JournalDraft[] = [];
  const deltas: RollupDelta[] = [];
  const results = walkTransitions(TOP_UP_LIFECYCLE, lockedRows, changes, (t, change) => {
    updates.push({ id: t.id, from: t.status, status: change.status, at: change.at, decided: true });
    deltas.push(...transitionDeltas(rollupBase(t), t.status, change.status, t.amount, 0n));
    if (change.status === 'approved') {
      journals.push({
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
      });
    }
  });
  await topUpsTable.updateStates(tx, updates);
  await postJournals(tx, journals);
  await applyRollups(tx, deltas, slot);
  return results;
}
