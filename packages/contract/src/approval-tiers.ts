/**
 * Approval tiers by amount (issue 42, docs/money.md, Approval tiers): the kinds of money-out
 * whose approvals count by amount bands (a kind's registry entry names its `tierKind`). A
 * settlement to a bank and one to the USDT wallet are both `settlement`.
 */
export const APPROVAL_TIER_KINDS = ['payout', 'settlement', 'withdrawal'] as const;
export type ApprovalTierKind = (typeof APPROVAL_TIER_KINDS)[number];
