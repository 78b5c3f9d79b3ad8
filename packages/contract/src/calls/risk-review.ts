import { z } from 'zod';
import { RULES } from '../access';
import { RISK_RULE_KINDS } from '../risk/vocabulary';
import { bulkDecisionCall } from './approvals';
import { defineCall } from './define';
import {
  amountText,
  formOptionalChoice,
  instantText,
  listPageOf,
  listRequest,
  sortField,
} from './list';
import { decisionCall, decisionRowFields, rejectionCall } from './money-fields';

/**
 * The risk review queue (issue 42; docs/risk.md): the pay-ins, pay-outs, settlements and
 * withdrawals risk rules held for a person. Reviewers are admins who run the item's kind; a
 * review is the item's approval (maker-checker, the requester never counts), a decline its
 * rejection (its reservation voided in the same transaction).
 */

/** What the queue sorts by: the oldest held first by default, or the largest. */
export const RISK_REVIEW_SORTS = ['created_at', 'amount'] as const;

/** One held item: what it is, whose, how much, since when, and what its review still needs. */
export const heldItemRow = z.object({
  kind: z.enum(RISK_RULE_KINDS),
  id: z.string(),
  merchant_db_code: z.string().nullable(),
  reseller_db_code: z.string().nullable(),
  /** The merchant's order id (a pay-in's, a pay-out's), else ''. */
  order_id: z.string(),
  /** Where the money would go: the bank account or wallet address, '' for a pay-in. */
  destination: z.string(),
  currency: z.string(),
  amount: amountText,
  fee: amountText,
  status: z.string(),
  created_at: instantText,
  /** The names of the rules that held it, as they read when it was held. */
  held_by: z.array(z.string()),
  ...decisionRowFields,
});
export type HeldItemRow = z.infer<typeof heldItemRow>;

export const getRiskReviewList = defineCall({
  name: 'getRiskReviewList',
  request: z.object({
    ...listRequest,
    kind: formOptionalChoice(RISK_RULE_KINDS),
    sort: sortField(RISK_REVIEW_SORTS),
  }),
  response: listPageOf(heldItemRow),
  rule: RULES.riskReview,
});

/** A reviewer lets a held item go on; once enough distinct reviewers did, it moves on. */
export const approveHeldItem = decisionCall('approveHeldItem', RULES.riskReview);

/** A reviewer declines a held item with a reason: it is rejected, its money given back. */
export const declineHeldItem = rejectionCall('declineHeldItem', RULES.riskReview);

/** Several held items at once, each decided as alone. */
export const decideHeldItems = bulkDecisionCall('decideHeldItems', RULES.riskReview);
