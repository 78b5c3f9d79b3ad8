import { PAYOUT_PENDING_STATUSES, PAYOUT_STATUSES, type PayoutStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { PAYOUT_SUBJECT } from '../approvals/approval-subjects';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../scoped-lists/list-query';
import { feeSplitColumnsOf, statusIn } from '../scoped-lists/list-totals';
import { ownerCodeConditions } from '../scoped-lists/scope';
import type { StatusCount } from '../routing/gateway-counts';

/** A pay-out row. */
export interface PayoutRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  order_id: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
  gateway_cost: bigint;
  gateway_id: string | null;
  contract_id: string;
  is_in_house: boolean;
  status: PayoutStatus;
  bank_name: string;
  account_number: string;
  account_holder: string;
  gateway_reference: string;
  notify_url: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/**
 * When a pay-out completed, as every screen and the merchant API tell it: only a success
 * completes; a failure's or rejection's time is in its timeline.
 */
export const payoutCompletedAt = (p: Pick<PayoutRecord, 'status' | 'completed_at'>) =>
  p.status === 'success' && p.completed_at ? p.completed_at.toISOString() : null;

/** The pay-outs table: batched insert, lock, and state writes from the judged status. */
export const payoutsTable = defineLifecycleTable<PayoutRecord, 'gateway_reference'>({
  table: 'payouts',
  alias: 'p',
  columns: {
    id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    order_id: 'text',
    currency: 'text',
    amount: 'bigint',
    fee: 'bigint',
    reseller_commission: 'bigint',
    platform_profit: 'bigint',
    gateway_cost: 'bigint',
    gateway_id: 'uuid',
    contract_id: 'uuid',
    is_in_house: 'bool',
    status: 'text',
    bank_name: 'text',
    account_number: 'text',
    account_holder: 'text',
    gateway_reference: 'text',
    notify_url: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  setLater: ['gateway_reference', 'completed_at'],
  finalAt: 'completed_at',
  carried: ['gateway_reference'],
});

/** Inserts pay-outs; returns the ids inserted (an order id already used is skipped). */
export const insertPayouts = (db: Queryable, rows: readonly PayoutRecord[]) =>
  payoutsTable.insertSkippingConflicts(db, rows, 'merchant_account_id, order_id');

export interface PayoutListRow extends PayoutRecord {
  merchant_db_code: string;
  merchant_name: string;
  reseller_db_code: string | null;
  reseller_name: string | null;
  payment_gateway_code: string | null;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}

// The reseller's join is left out by the planner wherever no reseller column is read (counts).
const LIST_FROM = `FROM payouts p JOIN accounts m ON m.id = p.merchant_account_id
  LEFT JOIN accounts r ON r.id = p.reseller_account_id
  LEFT JOIN payment_gateways g ON g.id = p.gateway_id`;
const LIST_COLUMNS = `${payoutsTable.columns}, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
  r.account_db_code AS reseller_db_code, r.name AS reseller_name,
  g.payment_gateway_code, ${approvalColumnsSql(PAYOUT_SUBJECT, 'p')}`;

/** Pay-outs in the actor's scope: the screen's pages and the export's chunks. */
export const payoutList = defineMoneyList<PayoutListRow>({
  from: LIST_FROM,
  columns: LIST_COLUMNS,
  alias: 'p',
  scope: { merchant: 'p.merchant_account_id', reseller: 'p.reseller_account_id' },
  codes: { ...ownerCodeConditions('p'), gateway: 'g.payment_gateway_code = ?' },
  statuses: PAYOUT_STATUSES,
  searchTexts: ['p.order_id', 'p.gateway_reference'],
  totals: {
    fee: 'p.fee',
    split: feeSplitColumnsOf('p'),
    rollup: { kind: 'payout', owner: 'merchant', gateway: true },
  },
});

/** The queue waiting for an admin's approval, and the pay-outs the team executes by hand. */
export const PAYOUT_PENDING_ONLY = statusIn('p', PAYOUT_PENDING_STATUSES);
export const PAYOUT_IN_HOUSE_ONLY = 'p.is_in_house';

/** One row by id within the actor's scope (null otherwise). */
export const findPayoutInScope = payoutList.byId;

/** A pay-out's status and whether it is in-house (null when unknown). */
export async function findPayoutStatus(db: Queryable, id: string) {
  const { rows } = await db.query<{ status: PayoutStatus; is_in_house: boolean }>(
    'SELECT status, is_in_house FROM payouts WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Pay-outs per gateway and status created from `since` to `until`: what routing's success rates
 * and the live routing view count (by the pay-out kind's `gatewayJudged` rule, issue 43).
 */
export async function findPayoutStatusCounts(
  db: Queryable,
  gatewayIds: readonly string[],
  since: Date,
  until: Date,
): Promise<StatusCount[]> {
  if (!gatewayIds.length) return [];
  const { rows } = await db.query<StatusCount>(
    `SELECT gateway_id, status, count(*)::int AS n
       FROM payouts
      WHERE gateway_id = ANY($1::uuid[]) AND created_at >= $2 AND created_at <= $3
      GROUP BY gateway_id, status`,
    [gatewayIds, since.toISOString(), until.toISOString()],
  );
  return rows;
}
