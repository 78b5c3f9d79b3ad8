import { DISPUTE_OPEN_STATUSES, PAYIN_STATUSES, type PayinStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { defineMoneyList } from '../scoped-lists/list-query';
import { feeSplitColumnsOf, sqlOf, statusIn } from '../scoped-lists/list-totals';
import { ownerCodeConditions } from '../scoped-lists/scope';

/** A pay-in row. */
export interface PayinRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  order_id: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  net_amount: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
  gateway_cost: bigint;
  gateway_id: string;
  contract_id: string;
  status: PayinStatus;
  gateway_reference: string;
  payment_url: string;
  notify_url: string;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  /** What its succeeded refunds gave back (0 on a new pay-in: the table's default). */
  refunded_amount: bigint;
}

/** The pay-ins table: batched insert, lock, and state writes from the judged status. */
export const payinsTable = defineLifecycleTable<PayinRecord, 'gateway_reference' | 'payment_url'>({
  table: 'payins',
  alias: 'p',
  columns: {
    id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    order_id: 'text',
    currency: 'text',
    amount: 'bigint',
    fee: 'bigint',
    net_amount: 'bigint',
    reseller_commission: 'bigint',
    platform_profit: 'bigint',
    gateway_cost: 'bigint',
    gateway_id: 'uuid',
    contract_id: 'uuid',
    status: 'text',
    gateway_reference: 'text',
    payment_url: 'text',
    notify_url: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    expires_at: 'timestamptz',
    completed_at: 'timestamptz',
    refunded_amount: 'bigint',
  },
  setLater: ['gateway_reference', 'payment_url', 'completed_at', 'refunded_amount'],
  finalAt: 'completed_at',
  carried: ['gateway_reference', 'payment_url'],
});
const COLUMNS = payinsTable.columns;

/** The unique constraint an order id the merchant already used violates. */
export const PAYIN_ORDER_ID_CONSTRAINT = 'payins_order_id_merchant_key';

/** A merchant's pay-in by its order id (null when none). */
export async function findPayinByOrderId(
  db: Queryable,
  merchantId: string,
  orderId: string,
): Promise<PayinRecord | null> {
  const { rows } = await db.query<PayinRecord>(
    `SELECT ${COLUMNS} FROM payins p WHERE p.merchant_account_id = $1 AND p.order_id = $2`,
    [merchantId, orderId],
  );
  return rows[0] ?? null;
}

/** Locks the given pay-ins for a transition, in id order. */
export const lockPayins = payinsTable.lock;

/**
 * Whether a dispute is open on the pay-in `alias` names (opened, evidence submitted, accepted),
 * read from the disputes table (its pay-in index) wherever a pay-in is shown: never stored, so
 * it cannot drift from the disputes themselves.
 */
const payinDisputedSql = (alias: string) =>
  `EXISTS (SELECT 1 FROM disputes d WHERE d.payin_id = ${alias}.id
     AND ${sqlOf(statusIn('d', DISPUTE_OPEN_STATUSES))}) AS disputed`;

/** A pay-in with what happened after it succeeded (`refunded_amount` is on the row itself). */
export interface PayinWithAfterCare extends PayinRecord {
  disputed: boolean;
}

/** The pay-in columns and `disputed`, as the merchant API reads them. */
export const PAYIN_AFTER_CARE_COLUMNS = `${COLUMNS}, ${payinDisputedSql('p')}`;

export interface PayinListRow extends PayinWithAfterCare {
  merchant_db_code: string;
  merchant_name: string;
  reseller_db_code: string | null;
  reseller_name: string | null;
  payment_gateway_code: string;
  contract_version: number;
}

// The reseller's join is left out by the planner wherever no reseller column is read (counts).
const LIST_FROM = `FROM payins p JOIN accounts m ON m.id = p.merchant_account_id
  LEFT JOIN accounts r ON r.id = p.reseller_account_id
  JOIN payment_gateways g ON g.id = p.gateway_id JOIN contracts ct ON ct.id = p.contract_id`;
// Joined rather than looked up per row: an export reads a million rows in one pass.
const LIST_COLUMNS = `${PAYIN_AFTER_CARE_COLUMNS}, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
  r.account_db_code AS reseller_db_code, r.name AS reseller_name, g.payment_gateway_code, ct.version AS contract_version`;

/** Pay-ins in the actor's scope: the screen's pages and the export's chunks. */
export const payinList = defineMoneyList<PayinListRow>({
  from: LIST_FROM,
  columns: LIST_COLUMNS,
  alias: 'p',
  scope: { merchant: 'p.merchant_account_id', reseller: 'p.reseller_account_id' },
  codes: { ...ownerCodeConditions('p'), gateway: 'g.payment_gateway_code = ?' },
  statuses: PAYIN_STATUSES,
  searchTexts: ['p.order_id', 'p.gateway_reference'],
  totals: {
    fee: 'p.fee',
    net: 'p.net_amount',
    split: feeSplitColumnsOf('p'),
    rollup: { kind: 'payin', owner: 'merchant', gateway: true },
  },
});

/** The pay-ins not final yet (the processing list). */
export const PAYIN_PROCESSING_ONLY = statusIn('p', ['created', 'processing']);

/** One row by id within the actor's scope (null otherwise). */
export const findPayinInScope = payinList.byId;

/** Open pay-ins past their expiry, oldest first. */
export async function findExpiredPayinIds(
  db: Queryable,
  now: Date,
  limit: number,
  ttlMs: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM payins WHERE status IN ('created', 'processing') AND created_at < $1 AND expires_at < $2
      ORDER BY created_at LIMIT $3`,
    [new Date(now.getTime() - ttlMs).toISOString(), now.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}
