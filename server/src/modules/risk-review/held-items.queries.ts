import { moneyKind, RISK_HELD_STATUS, type RiskRuleKind } from '@bo/contract';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { reviewFacets, type ReviewFacet } from '../money-flow/review-facet';
import { defineScopedList } from '../scoped-lists/list-query';
import type { ScopedList } from '../scoped-lists/list-spec';
import { ownerCodeConditions } from '../scoped-lists/scope';

/** A held item as the queue reads it, before its view. */
export interface HeldItemRecord {
  kind: RiskRuleKind;
  id: string;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  merchant_db_code: string | null;
  reseller_db_code: string | null;
  order_id: string;
  destination: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  status: string;
  created_at: Date;
  held_by: string[] | null;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}

/** One kind's held rows in the queue's shape (its table under `t`, only its held items). */
function heldRowsSql(kind: string, facet: ReviewFacet): string {
  const { subject, columns } = facet;
  const merchant =
    moneyKind(kind as RiskRuleKind).owner === 'merchant' ? 't.merchant_account_id' : 'NULL::uuid';
  const destination = subject.destination ? `AND t.destination = '${subject.destination}'` : '';
  const column = (name: string | undefined, none: string) => (name ? `t.${name}` : none);
  return `SELECT '${kind}'::text AS kind, t.id, ${merchant} AS merchant_account_id,
          t.reseller_account_id, ${column(columns.orderId, "''")} AS order_id,
          ${column(columns.destination, "''")} AS destination, t.currency, t.amount,
          ${column(columns.fee, '0::bigint')} AS fee, t.status, t.created_at,
          t.created_at AS updated_at, ${approvalColumnsSql(subject, 't')}
     FROM ${subject.table} t WHERE t.status = '${RISK_HELD_STATUS}' ${destination}`;
}

/** The names of the active rules that held the item under `alias`. */
const heldBySql = (alias: string) =>
  `(SELECT array_agg(DISTINCT r.name ORDER BY r.name) FROM risk_matches rm
      JOIN risk_rules r ON r.id = rm.rule_id
     WHERE rm.ref_id = ${alias}.id AND rm.mode = 'active' AND rm.action = 'review')`;

let list: ScopedList<HeldItemRecord> | null = null;

/**
 * Every held item of every reviewed kind (their review facets), in the actor's scope: one
 * union of each table's held rows, read through each table's partial index of held items, so
 * the queue costs what it holds, not what the tables hold. Built on first use, once the kinds
 * have registered their facets.
 */
export function heldItemsList(): ScopedList<HeldItemRecord> {
  if (list) return list;
  const union = reviewFacets
    .all()
    .map(([kind, facet]) => heldRowsSql(kind, facet))
    .join('\n   UNION ALL\n   ');
  list = defineScopedList<HeldItemRecord>({
    from: `FROM (${union}) h
      LEFT JOIN accounts m ON m.id = h.merchant_account_id
      LEFT JOIN accounts r ON r.id = h.reseller_account_id`,
    columns: `h.*, m.account_db_code AS merchant_db_code, r.account_db_code AS reseller_db_code,
      ${heldBySql('h')} AS held_by`,
    alias: 'h',
    scope: { merchant: 'h.merchant_account_id', reseller: 'h.reseller_account_id' },
    codes: ownerCodeConditions('h'),
    search: { ids: ['h.id'], texts: ['h.order_id', 'h.destination'] },
    sorts: { created_at: 'h.created_at', amount: 'h.amount' },
    defaultSort: 'created_at',
    amount: 'h.amount',
    // The list kit's totals strip: held items are few (a partial index each), added up as rows.
    totals: { fee: 'h.fee' },
  });
  return list;
}

/** The queue's condition for one kind (the kind filter). */
export const heldKindIs = (kind: RiskRuleKind) => `h.kind = '${kind}'`;
