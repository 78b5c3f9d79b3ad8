/** The risk review queue's own words (issue 42; docs/risk.md, Review queue). */
export const riskReview = {
  column: {
    kind: 'Kind',
    owner: 'Merchant or reseller',
    destination: 'Destination',
    heldBy: 'Held by',
  },
  /** When no rule's name is known (a rule of another scope, or a rule that erred). */
  heldByUnknown: 'A risk rule',
  decline: 'Decline',
  /** Each kind in a sentence ("Let pay-out MER00001 · 1,000.00 THB go to its gateway"). */
  noun: {
    payin: 'pay-in',
    payout: 'pay-out',
    settlement: 'settlement',
    settlement_wallet: 'USDT wallet settlement',
    withdrawal: 'withdrawal',
  },
  /** One held item in a sentence: its kind, whose, how much. */
  item: '{{noun}} {{owner}} · {{amount}} {{currency}}',
  /** What approving one held item does, by its kind. */
  approve: {
    payin: 'Let {{item}} go on: the payer gets the payment page.',
    payout: 'Let {{item}} go to its gateway.',
    settlement: 'Let {{item}} go on as an approved settlement, for an admin to pay and mark done.',
    settlement_wallet: 'Let {{item}} go on as an approved settlement to its USDT wallet.',
    withdrawal: 'Let {{item}} go on as an approved withdrawal, for an admin to pay and mark done.',
  },
  approveMany:
    'Let them go on, each as its kind goes once approved (a pay-out to its gateway). Items that need more reviewers wait for them.',
  /** What declining one held item does, by which way its money moves. */
  declineEffect: {
    debit: 'Decline {{item}} and give {{total}} {{currency}} back to the {{owner}}’s {{balance}}.',
    credit: 'Decline {{item}}: the payer is never asked to pay, and nothing moves.',
  },
  declineMany:
    'Decline them: each is rejected, and the amount and fee it held go back to the balance they came from.',
  ownerType: {
    merchant: 'merchant',
    reseller: 'reseller',
  },
  balance: {
    available: 'available balance',
    payout_available: 'pay-out balance',
    commission: 'commission balance',
  },
};
