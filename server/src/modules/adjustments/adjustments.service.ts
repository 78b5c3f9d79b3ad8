import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_LIFECYCLE,
  type AdjustmentBalance,
  type AdjustmentDirection,
  type AdjustmentReason,
  type AdjustmentStatus,
} from '@bo/contract';
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
import { adjustmentPlatformProfit } from './adjustment-rollup';
import { adjustmentsTable, type AdjustmentRecord } from './adjustments.queries';

export { adjustmentList } from './adjustments.queries';

export interface NewAdjustment {
  id?: string;
  ownerId: string;
  ownerType: 'merchant' | 'reseller';
  /** The owner's reseller (a merchant's), null for a reseller's own. */
  resellerId: string | null;
  direction: AdjustmentDirection;
  balance: AdjustmentBalance;
  currency: string;
  amount: bigint;
  reasonCode: AdjustmentReason;
  note: string;
  relatedId: string | null;
  minApprovals: number;
  createdBy: string;
  createdAt: Date;
}

/** Records adjustments awaiting approval (no money moves yet). */
export async function createAdjustments(
  tx: Queryable,
  items: readonly NewAdjustment[],
): Promise<AdjustmentRecord[]> {
  const rows: AdjustmentRecord[] = items.map((i) => ({
    id: i.id ?? randomUUID(),
    owner_account_id: i.ownerId,
    merchant_account_id: i.ownerType === 'merchant' ? i.ownerId : null,
    reseller_account_id: i.ownerType === 'reseller' ? i.ownerId : i.resellerId,
    direction: i.direction,
    balance: i.balance,
    currency: i.currency,
    amount: i.amount,
    reason_code: i.reasonCode,
    note: i.note,
    related_id: i.relatedId,
    status: ADJUSTMENT_LIFECYCLE.initial,
    min_approvals: i.minApprovals,
    created_by: i.createdBy,
    created_at: i.createdAt,
    updated_at: i.createdAt,
    decided_at: null,
  }));
  if (!rows.length) return rows;
  await adjustmentsTable.insert(tx, rows);
  await applyRollups(tx, creationDeltas(ADJUSTMENT_MONEY, rows));
  return rows;
}

/**
 * The one journal of an approved adjustment: the owner's balance against the platform's
 * `platform_fees` account (its profit): a credit is the platform's cost, a debit its gain.
 */
function adjustmentJournal(j: AdjustmentRecord, at: Date) {
  const signed = -adjustmentPlatformProfit(j);
  return {
    ownerAccountId: j.owner_account_id,
    kind: `adjustment.${j.direction}`,
    refType: 'adjustment',
    refId: j.id,
    createdAt: at,
    entries: [
      { account: accountKey(j.owner_account_id, j.currency, j.balance), amount: signed },
      { account: platformKey(j.currency, 'platform_fees'), amount: -signed },
    ],
  };
}

/**
 * How an adjustment moves: its approval posts its journal (a debit is taken under the balance's
 * lock and refused when the balance would go below zero); a rejection moves nothing.
 */
const ADJUSTMENT_MONEY: MoneyKindWriter<
  AdjustmentStatus,
  AdjustmentRecord,
  MoneyChange<AdjustmentStatus>,
  keyof AdjustmentRecord
> = {
  kind: 'adjustment',
  lifecycle: ADJUSTMENT_LIFECYCLE,
  table: adjustmentsTable,
  owner: (j) => j.owner_account_id,
  stampsDecided: () => true,
  // Its rollups carry what it makes the platform earn, for the profit reports.
  split: (j) => ({
    gatewayCost: 0n,
    resellerCommission: 0n,
    platformProfit: adjustmentPlatformProfit(j),
  }),
  effects: (j, change) =>
    change.status === 'approved' ? { journals: [adjustmentJournal(j, change.at)] } : {},
};

/** Approves (posting the journal) or rejects adjustments. */
export async function changeAdjustments(
  tx: Queryable,
  changes: readonly MoneyChange<AdjustmentStatus>[],
): Promise<TransitionResult<AdjustmentStatus, AdjustmentRecord>[]> {
  if (!changes.length) return [];
  const locked = await adjustmentsTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  return changeMoney(tx, ADJUSTMENT_MONEY, locked, changes);
}
