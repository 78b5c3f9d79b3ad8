/** The refunds' own words (issue 26): the pay-in's refund action and the refund lists. */
export const refunds = {
  action: 'Refund',
  title: 'Refund pay-in {{orderId}}',
  amount: 'Amount to refund ({{currency}})',
  reason: 'Reason',
  reasonOptional: 'Reason (optional)',
  reasonRequired: 'Say why you refund on the merchant’s behalf',
  confirm: 'Confirm refund',
  sent: 'The refund was requested.',
  quote: {
    refundable: 'Still refundable',
    amount: 'Refund',
    fee: 'Refund fee',
    total: 'Held from the balance',
    available: 'Available balance now',
    remaining: 'Available balance after',
    feeReturned: 'Pay-in fee given back',
    needsApproval: 'This refund waits for two admins’ approval before it goes to the gateway.',
    notEnough: 'The available balance does not cover this refund and its fee.',
  },
  column: {
    reason: 'Reason',
  },
};
