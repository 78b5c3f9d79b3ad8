import {
  DISPUTE_OPEN_STATUSES,
  DISPUTE_STATUSES,
  type DisputeReasonCode,
  type DisputeStatus,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { defineMoneyList } from '../scoped-lists/list-query';
import { statusIn } from '../scoped-lists/list-totals';
import type { Actor } from '../../core/context';
import { childIdsInScope, ownerCodeConditions } from '../scoped-lists/scope';

/** A dispute row. */
export interface DisputeRecord {
  id: string;
  payin_id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  currency: string;
  amount: bigint;
  fee: bigint;
  shortfall: bigint;
  fee_returned: bigint;
  gateway_id: string;
  status: DisputeStatus;
  reason_code: DisputeReasonCode;
  respond_by: Date;
  gateway_reference: string;
  notify_url: string;
  evidence_product_description: string;
  evidence_customer_communication: string;
  evidence_service_proof: string;
  evidence_note: string;
  evidence_submitted_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** The disputes table: batched insert, lock, and state writes from the judged status. */
export const disputesTable = defineLifecycleTable<DisputeRecord, 'gateway_reference'>({
  table: 'disputes',
  alias: 'd',
  columns: {
    id: 'uuid',
    payin_id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    currency: 'text',
    amount: 'bigint',
    fee: 'bigint',
    shortfall: 'bigint',
    fee_returned: 'bigint',
    gateway_id: 'uuid',
    status: 'text',
    reason_code: 'text',
    respond_by: 'timestamptz',
    gateway_reference: 'text',
    notify_url: 'text',
    evidence_product_description: 'text',
    evidence_customer_communication: 'text',
    evidence_service_proof: 'text',
    evidence_note: 'text',
    evidence_submitted_at: 'timestamptz',
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  setLater: ['completed_at', 'evidence_submitted_at'],
  finalAt: 'completed_at',
  carried: ['gateway_reference'],
});

export interface DisputeListRow extends DisputeRecord {
  order_id: string;
  merchant_db_code: string;
  merchant_name: string;
  reseller_db_code: string | null;
  reseller_name: string | null;
  payment_gateway_code: string;
}

/** Disputes in the actor's scope: the screen's pages, the export's chunks and the detail. */
export const disputeList = defineMoneyList<DisputeListRow>({
  from: `FROM disputes d JOIN payins p ON p.id = d.payin_id
    JOIN accounts m ON m.id = d.merchant_account_id
    LEFT JOIN accounts r ON r.id = d.reseller_account_id
    JOIN payment_gateways g ON g.id = d.gateway_id`,
  columns: `${disputesTable.columns}, p.order_id, m.account_db_code AS merchant_db_code,
    m.name AS merchant_name, r.account_db_code AS reseller_db_code, r.name AS reseller_name,
    g.payment_gateway_code`,
  alias: 'd',
  scope: { merchant: 'd.merchant_account_id', reseller: 'd.reseller_account_id' },
  codes: { ...ownerCodeConditions('d'), gateway: 'g.payment_gateway_code = ?' },
  statuses: DISPUTE_STATUSES,
  searchTexts: ['d.gateway_reference'],
  // By its pay-in's order id through the pay-ins' own index (not an OR across the join).
  searchLookups: [{ column: 'd.payin_id', table: 'payins', by: 'order_id' }],
  // The queue's order: the nearest deadline first (the sweep's index serves opened ones).
  moreSorts: { respond_by: 'd.respond_by' },
  totals: {
    fee: 'd.fee',
    rollup: { kind: 'dispute', owner: 'merchant', gateway: true },
  },
});

/** The disputes still holding money. */
export const DISPUTE_OPEN_ONLY = statusIn('d', DISPUTE_OPEN_STATUSES);

/** The ids of a pay-in's disputes the actor may see (its timeline's; `childIdsInScope`). */
export const findDisputeIdsOfPayin = (
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  payinId: string,
  limit: number,
): Promise<string[]> =>
  childIdsInScope(
    db,
    actor,
    { table: 'disputes', alias: 'd', parentColumn: 'payin_id' },
    payinId,
    limit,
  );

/** A pay-in's gateway, which a dispute on it is asked of (null: no such pay-in). */
export async function findPayinGateway(db: Queryable, payinId: string) {
  const { rows } = await db.query<{ id: string; gateway_id: string }>(
    'SELECT id, gateway_id FROM payins WHERE id = $1',
    [payinId],
  );
  return rows[0] ?? null;
}

/** The merchant's written evidence of a dispute. */
export interface EvidenceText {
  readonly productDescription: string;
  readonly customerCommunication: string;
  readonly serviceProof: string;
  readonly note: string;
}

/** Saves a dispute's evidence text: a draft, or the final answer when `submittedAt` is set. */
export async function saveEvidenceText(
  db: Queryable,
  id: string,
  e: EvidenceText,
  at: Date,
  submittedAt: Date | null,
) {
  await db.query(
    `UPDATE disputes SET evidence_product_description = $2, evidence_customer_communication = $3,
            evidence_service_proof = $4, evidence_note = $5, evidence_submitted_at = $6, updated_at = $7
      WHERE id = $1`,
    [
      id,
      e.productDescription,
      e.customerCommunication,
      e.serviceProof,
      e.note,
      submittedAt?.toISOString() ?? null,
      at.toISOString(),
    ],
  );
}

/**
 * The ids of disputes still `opened` whose deadline passed by `now` (an answer at `respond_by`
 * is refused already, `checkAnswerable`), soonest first. Read without a lock: the loss is
 * judged again under each dispute's lock (`loseOverdueDispute`).
 */
export async function findOverdueDisputeIds(db: Queryable, now: Date, limit: number) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM disputes WHERE status = 'opened' AND respond_by <= $1 ORDER BY respond_by LIMIT $2`,
    [now.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}

/** Records the gateway's reference of a dispute (not a state change). */
export async function setDisputeReference(db: Queryable, id: string, reference: string) {
  await db.query('UPDATE disputes SET gateway_reference = $2 WHERE id = $1', [id, reference]);
}
