import { randomUUID } from 'node:crypto';
import { isFinalState, WITHDRAWAL_LIFECYCLE, type WithdrawalStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { walkTransitions } from '../../core/transitions';
import type { StateChange } from '../../db/lifecycle-table';
import { accountKey, platformKey } from '../../ledger/ledger-accounts';
import { reserveFunds, resolveReservations, type Resolution } from '../../ledger/reservations';
import { applyRollups, transitionDeltas, type RollupDelta } from '../../ledger/rollups';
import { withdrawalsTable, type WithdrawalRecord } from './withdrawals.queries';

/** The list reads the money detail uses (the service is the module's door). */
export { withdrawalList } from './withdrawals.queries';

export interface NewWithdrawal {
  id?: string;
  resellerId: string;
  currency: string;
  amount: bigint;
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  createdAt: Date;
}

const rollupBase = (w: WithdrawalRecord) => ({
  ownerAccountId: w.reseller_account_id,
  currency: w.currency,
  createdAt: w.created_at,
  kind: 'withdrawal' as const,
});

/** Records withdrawal requests, reserving the amount from the reseller's commission balance. */
export async function requestWithdrawals(
  tx: Queryable,
  items: readonly NewWithdrawal[],
  slot?: number,
): Promise<WithdrawalRecord[]> {
  const rows: WithdrawalRecord[] = items.map((i) => ({
    id: i.id ?? randomUUID(),
    reseller_account_id: i.resellerId,
    currency: i.currency,
    amount: i.amount,
    status: WITHDRAWAL_LIFECYCLE.initial,
    bank_name: i.bankName,
    account_number: i.accountNumber,
    account_holder: i.accountHolder,
    created_at: i.createdAt,
    updated_at: i.createdAt,
    completed_at: null,
  }));
  if (!rows.length) return rows;
  await withdrawalsTable.insert(tx, rows);
  await reserveFunds(
    tx,
    rows.map((w) => ({
      ownerAccountId: w.reseller_account_id,
      refType: 'withdrawal',
      refId: w.id,
      from: accountKey(w.reseller_account_id, w.currency, 'commission'),
      held: accountKey(w.reseller_account_id, w.currency, 'commission_reserved'),
      amount: w.amount,
      createdAt: w.created_at,
    })),
  );
  await applyRollups(
    tx,
    rows.flatMap((w) => transitionDeltas(rollupBase(w), null, w.status, w.amount, 0n)),
    slot,
  );
  return rows;
}

/** Moves withdrawals along their lifecycle: completion pays out to the bank, rejection voids. */
export async function changeWithdrawals(
  tx: Queryable,
  changes: readonly { id: string; status: WithdrawalStatus; at: Date }[],
  slot?: number,
): Promise<
  {
    id: string;
    applied: boolean;
    from: WithdrawalStatus | null;
    status: WithdrawalStatus | null;
    record?: WithdrawalRecord;
  }[]
> {
  if (!changes.length) return [];
  const lockedRows = await withdrawalsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  const updates: StateChange[] = [];
  const resolutions: Resolution[] = [];
  const deltas: RollupDelta[] = [];
  const results = walkTransitions(WITHDRAWAL_LIFECYCLE, lockedRows, changes, (w, change) => {
    updates.push({
      id: w.id,
      from: w.status,
      status: change.status,
      at: change.at,
      final: isFinalState(WITHDRAWAL_LIFECYCLE, change.status),
    });
    deltas.push(...transitionDeltas(rollupBase(w), w.status, change.status, w.amount, 0n));
    if (change.status === 'completed') {
      resolutions.push({
        refId: w.id,
        outcome: 'posted',
        to: [{ account: platformKey(w.currency, 'bank'), amount: w.amount }],
        at: change.at,
      });
    } else if (change.status === 'rejected') {
      resolutions.push({ refId: w.id, outcome: 'voided', at: change.at });
    }
  });
  await withdrawalsTable.updateStates(tx, updates);
  await resolveReservations(tx, resolutions);
  await applyRollups(tx, deltas, slot);
  return results;
}
