/** The balance adjustments' own words (issue 41): the lists' columns and the New adjustment form. */
export const adjustments = {
  new: 'New adjustment',
  confirm: 'Confirm adjustment',
  sent_one: 'The adjustment was recorded: it waits for {{count}} other admin’s approval.',
  sent_other: 'The adjustment was recorded: it waits for {{count}} other admins’ approval.',
  /** The balances an adjustment may correct, and whose they are. */
  balance: {
    available: 'Available balance (merchant)',
    payout_available: 'Pay-out balance (merchant)',
    commission: 'Commission balance (reseller)',
  },
  /** The same balances inside a sentence ("from MER00001’s available balance"). */
  balanceInText: {
    available: 'available balance',
    payout_available: 'pay-out balance',
    commission: 'commission balance',
  },
  form: {
    owner: 'Merchant or reseller code',
    ownerHint:
      'A merchant’s code for its available or pay-out balance, a reseller’s for its commission.',
    direction: 'Direction',
    balance: 'Balance',
    reason: 'Reason',
    note: 'Note',
    noteHint: 'Required: the approvers and the admin log read it.',
    noteRequired: 'Write a note for the approvers.',
    related: 'Related transaction ID (optional)',
    relatedHint: 'The pay-in, pay-out or other item this adjustment corrects, if any.',
  },
  /** The confirm step: what will happen once the adjustment is approved. */
  review: {
    credit: 'Credit {{amount}} to {{owner}}’s {{balance}}.',
    debit: 'Debit {{amount}} from {{owner}}’s {{balance}}.',
    nothingMovesYet: 'Nothing moves until other admins approve it; a rejection moves nothing.',
    needsApprovals: 'It needs the approval of other admins (not you) before the money moves.',
    needsApprovalsCount_one: 'Needs {{count}} more approval, from another admin (not you).',
    needsApprovalsCount_other: 'Needs {{count}} more approvals, from other admins (not you).',
  },
  column: {
    owner: 'Owner',
    direction: 'Direction',
    balance: 'Balance',
    reason: 'Reason',
    related: 'Related transaction',
  },
  /** What an approval or a rejection does (the decision's confirmation). */
  decision: {
    approve:
      'Approving adds your approval; the last one it needs moves the money (a debit the balance no longer covers is refused then).',
    reject: 'Rejecting closes the adjustment: nothing moves.',
  },
};
