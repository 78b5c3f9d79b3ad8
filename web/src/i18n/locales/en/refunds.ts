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
  overRefundable: 'At most {{refundable}} of this pay-in can still be refunded.',
  nothingLeft:
    'Nothing is left to refund on this pay-in: its refunds and disputes already hold all of it.',
  /** The server's refusals of a refund, by `data.reason` (REFUSAL_REASONS). */
  refused: {
    overRefundable:
      'Part of this pay-in was refunded or disputed meanwhile: less is refundable than you asked. Go back to see what is left.',
    balanceShort: 'The available balance no longer covers this refund and its fee.',
    notSuccessful: 'Only a successful pay-in can be refunded.',
  },
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
