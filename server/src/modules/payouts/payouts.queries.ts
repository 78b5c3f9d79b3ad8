import { PAYOUT_PENDING_STATUSES, PAYOUT_STATUSES, type PayoutStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { PAYOUT_SUBJECT } from '../approvals/approval-subjects';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../scoped-lists/list-query';
import { statusIn } from '../scoped-lists/list-totals';
import { ownerCodeConditions } from '../scoped-lists/scope';

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
  totals: { fee: 'p.fee', rollup: { kind: 'payout', owner: 'merchant', gateway: true } },
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
 * Pay-outs a gateway finished, per gateway, created from `since` to `until`: how many, and how
 * many succeeded (a pay-out's success rates for routing, issue 43). Finished is `success` or
 * `failed`; one an admin rejected never reached the gateway's judgement and is not counted.
 */
export async function findPayoutOutcomes(
  db: Queryable,
  gatewayIds: readonly string[],
  since: Date,
  until: Date,
): Promise<Map<string, { attempts: number; successes: number }>> {
  if (!gatewayIds.length) return new Map();
  const { rows } = await db.query<{ gateway_id: string; attempts: number; successes: number }>(
    `SELECT gateway_id, count(*)::int AS attempts, count(*) FILTER (WHERE status = 'success')::int AS successes
       FROM payouts
      WHERE gateway_id = ANY($1::uuid[]) AND created_at >= $2 AND created_at <= $3
        AND status IN ('success', 'failed')
      GROUP BY gateway_id`,
    [gatewayIds, since.toISOString(), until.toISOString()],
  );
  return new Map(rows.map((r) => [r.gateway_id, { attempts: r.attempts, successes: r.successes }]));
}

/** A gateway's pay-outs created in a window: all of them, the finished, the successful. */
export interface PayoutWindowCounts {
  readonly created: number;
  readonly finished: number;
  readonly succeeded: number;
}

/**
 * Pay-outs per gateway created from `since` to `until` (the live routing view): how many, how
 * many a gateway finished (`success` or `failed`, as `findPayoutOutcomes` counts) and succeeded.
 */
export async function findPayoutWindowCounts(
  db: Queryable,
  gatewayIds: readonly string[],
  since: Date,
  until: Date,
): Promise<Map<string, PayoutWindowCounts>> {
  if (!gatewayIds.length) return new Map();
  const { rows } = await db.query<PayoutWindowCounts & { gateway_id: string }>(
    `SELECT gateway_id, count(*)::int AS created,
            count(*) FILTER (WHERE status IN ('success', 'failed'))::int AS finished,
            count(*) FILTER (WHERE status = 'success')::int AS succeeded
       FROM payouts
      WHERE gateway_id = ANY($1::uuid[]) AND created_at >= $2 AND created_at <= $3
      GROUP BY gateway_id`,
    [gatewayIds, since.toISOString(), until.toISOString()],
  );
  return new Map(rows.map(({ gateway_id, ...counts }) => [gateway_id, counts]));
}
