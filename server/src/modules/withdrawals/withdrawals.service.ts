import { randomUUID } from 'node:crypto';
import { WITHDRAWAL_LIFECYCLE, type WithdrawalStatus } from '@bo/contract';
import { reservesAtIntake, type RiskIntakeStatus } from '../money-flow/intake-status';
import type { Queryable } from '../../db/db';
import type { TransitionResult } from '../../core/transitions';
import { accountKey, platformKey } from '../../ledger/ledger-accounts';
import { reserveFunds } from '../../ledger/reservations';
import { applyRollups } from '../../ledger/rollups';
import {
  changeMoney,
  creationDeltas,
  type MoneyChange,
  type MoneyKindWriter,
} from '../money-flow/money-writer';
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
  /** What risk controls decided at intake, when they held or blocked it; else `pending`. */
  status?: RiskIntakeStatus;
}

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
    status: i.status ?? WITHDRAWAL_LIFECYCLE.initial,
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
    rows.filter(reservesAtIntake).map((w) => ({
      ownerAccountId: w.reseller_account_id,
      refType: 'withdrawal',
      refId: w.id,
      from: accountKey(w.reseller_account_id, w.currency, 'commission'),
      held: accountKey(w.reseller_account_id, w.currency, 'commission_reserved'),
      amount: w.amount,
      createdAt: w.created_at,
    })),
  );
  await applyRollups(tx, creationDeltas(WITHDRAWAL_MONEY, rows), slot);
  return rows;
}

/** How a withdrawal moves: completion pays the reserved commission out to the bank, rejection voids it. */
const WITHDRAWAL_MONEY: MoneyKindWriter<
  WithdrawalStatus,
  WithdrawalRecord,
  MoneyChange<WithdrawalStatus>,
  keyof WithdrawalRecord
> = {
  kind: 'withdrawal',
  lifecycle: WITHDRAWAL_LIFECYCLE,
  table: withdrawalsTable,
  owner: (w) => w.reseller_account_id,
  effects: (w, change) => {
    if (change.status === 'completed')
      return {
        resolution: {
          refId: w.id,
          outcome: 'posted',
          to: [{ account: platformKey(w.currency, 'bank'), amount: w.amount }],
          at: change.at,
        },
      };
    if (change.status === 'rejected')
      return { resolution: { refId: w.id, outcome: 'voided', at: change.at } };
    return {};
  },
};

/** Moves withdrawals along their lifecycle: completion pays out to the bank, rejection voids. */
export async function changeWithdrawals(
  tx: Queryable,
  changes: readonly MoneyChange<WithdrawalStatus>[],
  slot?: number,
): Promise<TransitionResult<WithdrawalStatus, WithdrawalRecord>[]> {
  if (!changes.length) return [];
  const lockedRows = await withdrawalsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  return changeMoney(tx, WITHDRAWAL_MONEY, lockedRows, changes, { slot });
}
