import { REFUND_PENDING_STATUSES, REFUND_STATUSES, type RefundStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Writes } from '../../db/writes';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { subjectOfKind } from '../approvals/approval-subjects';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../scoped-lists/list-query';
import { statusIn } from '../scoped-lists/list-totals';
import type { Actor } from '../../core/context';
import { readPayinForClaim } from '../money-flow/payin-claims';
import { childIdsInScope, ownerCodeConditions } from '../scoped-lists/scope';

/** A refund row. */
export interface RefundRecord {
  id: string;
  payin_id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  currency: string;
  amount: bigint;
  fee: bigint;
  fee_returned: bigint;
  gateway_id: string;
  contract_id: string;
  status: RefundStatus;
  reason: string;
  merchant_refund_id: string | null;
  gateway_reference: string;
  notify_url: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** The refunds table: batched insert, lock, and state writes from the judged status. */
export const refundsTable = defineLifecycleTable<RefundRecord, 'gateway_reference'>({
  table: 'refunds',
  alias: 'f',
  columns: {
    id: 'uuid',
    payin_id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    currency: 'text',
    amount: 'bigint',
    fee: 'bigint',
    fee_returned: 'bigint',
    gateway_id: 'uuid',
    contract_id: 'uuid',
    status: 'text',
    reason: 'text',
    merchant_refund_id: 'text',
    gateway_reference: 'text',
    notify_url: 'text',
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  setLater: ['gateway_reference', 'completed_at'],
  finalAt: 'completed_at',
  carried: ['gateway_reference'],
});

export interface RefundListRow extends RefundRecord {
  order_id: string;
  merchant_db_code: string;
  merchant_name: string;
  reseller_db_code: string | null;
  reseller_name: string | null;
  payment_gateway_code: string;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}

/** Refunds in the actor's scope: the screen's pages, the export's chunks and the detail. */
export const refundList = defineMoneyList<RefundListRow>({
  from: `FROM refunds f JOIN payins p ON p.id = f.payin_id
    JOIN accounts m ON m.id = f.merchant_account_id
    LEFT JOIN accounts r ON r.id = f.reseller_account_id
    JOIN payment_gateways g ON g.id = f.gateway_id`,
  columns: `${refundsTable.columns}, p.order_id, m.account_db_code AS merchant_db_code,
    m.name AS merchant_name, r.account_db_code AS reseller_db_code, r.name AS reseller_name,
    g.payment_gateway_code, ${approvalColumnsSql(subjectOfKind('refund'), 'f')}`,
  alias: 'f',
  scope: { merchant: 'f.merchant_account_id', reseller: 'f.reseller_account_id' },
  codes: { ...ownerCodeConditions('f'), gateway: 'g.payment_gateway_code = ?' },
  statuses: REFUND_STATUSES,
  searchTexts: ['f.gateway_reference', 'f.merchant_refund_id'],
  // By its pay-in's order id through the pay-ins' own index (not an OR across the join).
  searchLookups: [{ column: 'f.payin_id', table: 'payins', by: 'order_id' }],
  // The fee net of the pay-in fee given back, as the rollups keep it (refunds.service.ts).
  totals: {
    fee: '(f.fee - f.fee_returned)',
    rollup: { kind: 'refund', owner: 'merchant', gateway: true },
  },
});

/** The queue waiting for an admin's approval. */
export const REFUND_PENDING_ONLY = statusIn('f', REFUND_PENDING_STATUSES);

/** The ids of a pay-in's refunds the actor may see (its timeline's; `childIdsInScope`). */
export const findRefundIdsOfPayin = (
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  payinId: string,
  limit: number,
): Promise<string[]> =>
  childIdsInScope(
    db,
    actor,
    { table: 'refunds', alias: 'f', parentColumn: 'payin_id' },
    payinId,
    limit,
  );

/**
 * A refund's status with its row locked (`FOR UPDATE`) until the caller's transaction ends, so
 * a decision judged on it cannot be overtaken by another (null when unknown).
 */
export async function lockRefundStatus(db: Queryable, id: string): Promise<RefundStatus | null> {
  const { rows } = await db.query<{ status: RefundStatus }>(
    'SELECT status FROM refunds WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0]?.status ?? null;
}

/**
 * Reads a pay-in of the merchant's for refunding (`readPayinForClaim`: every refund not failed
 * or rejected, and every dispute not won, counts against its amount) with what its refunds
 * claim. `lock`: the pay-in row is locked first, so refund decisions of one pay-in are taken one
 * at a time (a request); a quote only reads.
 */
export async function readPayinForRefund(
  db: Queryable,
  payinId: string,
  merchantId: string,
  { lock }: { lock: boolean },
) {
  const read = await readPayinForClaim(db, payinId, { merchantId, lock });
  if (!read) return null;
  return { ...read, refunds: await refundsClaimed(db, payinId) };
}

/**
 * What a pay-in's refunds not failed or rejected (reserved, at the gateway or succeeded) claim:
 * their amount and the pay-in fee they give back. A new refund's share of the pay-in fee is
 * priced after them (`payinFeeReturn`).
 */
async function refundsClaimed(db: Queryable, payinId: string) {
  const { rows } = await db.query<{ amount: bigint | null; fee_returned: bigint | null }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS amount,
            coalesce(sum(fee_returned), 0)::bigint AS fee_returned
       FROM refunds WHERE payin_id = $1 AND status NOT IN ('failed', 'rejected')`,
    [payinId],
  );
  return {
    amount: BigInt(rows[0]?.amount ?? 0n),
    feeReturned: BigInt(rows[0]?.fee_returned ?? 0n),
  };
}

/** The write adding succeeded refunds' amounts to their pay-ins' `refunded_amount` (null: none). */
export function addRefundedWrites(
  refunded: readonly { payinId: string; amount: bigint }[],
): Writes | null {
  if (!refunded.length) return null;
  return {
    statements: [
      `UPDATE payins p SET refunded_amount = p.refunded_amount + r.amount
         FROM (SELECT payin_id, sum(amount)::bigint AS amount
                 FROM unnest($1::uuid[], $2::bigint[]) AS x(payin_id, amount) GROUP BY 1) r
        WHERE p.id = r.payin_id`,
    ],
    params: [refunded.map((r) => r.payinId), refunded.map((r) => r.amount.toString())],
  };
}
