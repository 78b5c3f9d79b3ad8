import { moneyKind, RISK_HELD_STATUS, type MoneyKindDef, type RiskRuleKind } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { facetTable } from '../../core/kind-facets';
import type { ApprovalSubject } from '../approvals/approval-subjects';
import type { ChangeResult } from './decision';

/**
 * How a held item of a money kind is reviewed (issue 42; docs/risk.md): the item's approval
 * (its subject waits in `held_for_review`, along the review's path), where an approving review
 * takes it, and the kind's own lifecycle change for either decision, its money with it (a
 * decline voids the reservation in the same transaction). The review queue, its decisions and
 * the expiry of held items read only these; they name no kind.
 */
export interface ReviewFacet {
  readonly subject: ApprovalSubject;
  /** The status an approved review moves the item to (a pay-out's `processing`…). */
  readonly approveTo: string;
  /**
   * The review's change of one held item to `to` (`approveTo` or `rejected`), made along the
   * review's path; a decline carries its reason (the merchant's notice reads it).
   */
  readonly change: (
    tx: Queryable,
    id: string,
    to: string,
    at: Date,
    reason?: { readonly code: string; readonly text: string },
  ) => Promise<ChangeResult[]>;
  /** After an approving review committed: what sends the item on (a pay-out to its gateway). */
  readonly afterApprove?: (db: Db, id: string) => Promise<void>;
  /**
   * The columns of its table the queue shows: the merchant's order id (none for a kind without
   * one) and where the money would go (a bank account number, a wallet address).
   */
  readonly columns: {
    readonly orderId?: string;
    readonly destination?: string;
    /** Its fee column, when it charges one (a withdrawal does not). */
    readonly fee?: string;
  };
}

/** The kinds' review facets, filled by `registerMoneyKinds()` (kind-registry). */
export const reviewFacets = facetTable<ReviewFacet>('review');

/**
 * The approval subject of a kind's risk review: its rows wait in `held_for_review`, are
 * approved along the review's path, and need at least as many distinct reviewers as the rules
 * that held it asked (the decision's `min_approvals`), and as many as money of its kind and
 * amount needs (the threshold and approval tiers, for money leaving). Held items expire by the
 * same rule as other requests.
 */
export function reviewSubjectOf(name: RiskRuleKind): ApprovalSubject {
  const kind: MoneyKindDef = moneyKind(name);
  return {
    refType: name,
    noun: kind.noun,
    table: kind.table,
    lifecycle: kind.lifecycle,
    isMoneyOut: kind.money.effect === 'debit',
    awaiting: RISK_HELD_STATUS,
    expires: true,
    path: 'review',
    leastApprovalsSql: (alias) =>
      `coalesce((SELECT d.min_approvals FROM risk_decisions d WHERE d.ref_id = ${alias}.id), 1)`,
    ...(kind.approval?.destination && { destination: kind.approval.destination }),
    ...(kind.approval?.tierKind && { tierKind: kind.approval.tierKind }),
  };
}
