/** English strings of general settings (/general-settings). */
export const platformSettings = {
  intro:
    'Platform settings read by the whole product. Each change is confirmed first and written to the admin log; it applies at once, except a change that loosens protection, which waits for a second admin (shown on its card).',
  save: 'Save',
  undo: 'Undo changes',
  saved: 'Settings saved',
  defaultIs: 'Default: {{value}}',
  defaultWithUnit: 'Default: {{value}} {{unit}}',
  change: '{{setting}}: {{from}} → {{to}}',
  confirm: 'Save these changes? {{changes}}',
  errors: {
    required: 'Enter a value',
    whole: 'Enter a whole number from {{min}} to {{max}}',
    link: 'Enter an address starting with http:// or https:// (at most {{max}} characters)',
    amount: 'Enter an amount with at most {{decimals}} decimals',
  },
  cards: {
    live: {
      title: 'Live updates and monitoring',
      text: 'How often live screens refresh, and when a processing pay-in counts as stuck.',
    },
    links: {
      title: 'External links',
      text: 'Where the announcement channel, marketing materials and chat links lead.',
    },
    signIn: {
      title: 'Sign-in protection',
      text: 'How many failed sign-ins are allowed within the window before sign-in is refused.',
    },
    approvals: {
      title: 'Maker-checker',
      text: 'When a money-out needs two approvers, and how long a request may wait for a decision.',
    },
    demo: {
      title: 'Demo data',
      text: 'Whether the dashboard figures include the demo accounts.',
    },
    money: {
      title: 'Balance adjustments',
      text: 'From which amount a debit adjustment needs a third approver; 0 means never.',
    },
  },
  fields: {
    liveUpdateIntervalMs: 'Live-update interval',
    payinStuckMinutes: 'Pay-in stuck after',
    announcementChannelUrl: 'Announcement channel',
    marketingMaterialsUrl: 'Marketing materials',
    skypeUrl: 'Chat',
    loginMaxFailuresPerAccount: 'Failed sign-ins per account',
    loginMaxFailuresPerAddress: 'Failed sign-ins per address',
    loginFailureWindowMinutes: 'Failed sign-ins counted over',
    refundReturnsPayinFee: 'Refunds return the pay-in fee (1 yes, 0 no)',
    adjustmentThirdApproverFrom: 'Third approver for debits from',
  },
  units: {
    liveUpdateIntervalMs: 'seconds',
    payinStuckMinutes: 'minutes',
    loginMaxFailuresPerAccount: 'attempts',
    loginMaxFailuresPerAddress: 'attempts',
    loginFailureWindowMinutes: 'minutes',
    refundReturnsPayinFee: '0 or 1',
    adjustmentThirdApproverFrom: 'whole units of the currency',
  },
  signInGuard: {
    secondAdmin:
      'Loosening a limit (more failed sign-ins allowed, or a shorter window) waits for a second admin; tightening applies at once.',
    waiting:
      'Waiting for a second admin to approve it in the approvals queue; the limits in force stay until then:',
    reasonHint: 'Required when a limit is loosened: the second admin reads it before approving.',
    confirm:
      'Save these changes? {{changes}}. A loosened limit does not apply now: it waits for a second admin to approve it in the approvals queue.',
  },
  approvals: {
    reason: 'Reason for the change',
    reasonHint: 'Required with any change here: the second admin reads it before approving.',
    reasonRequired: 'Give the reason for the change: the second admin reads it.',
    waiting:
      'Saved as a change waiting for a second admin: it applies once another admin approves it in the approvals queue.',
    secondAdmin: 'Any change here needs a second admin before it applies.',
    band: 'USDT rate band (±%)',
    bandHint: 'A USDT rate change larger than this needs a second admin. Default: 10',
    confirmBand: 'Let USDT rate changes of up to ±{{percent}}% apply at once?',
    expiry: 'Pending requests expire after (hours)',
    expiryHint:
      'Undecided pay-outs, settlements and withdrawals are rejected after this. Default: 72',
    confirmExpiry: 'Let pending requests wait {{hours}} hours before they expire?',
    currency: 'Currency',
    threshold: 'Two approvers from',
    thresholdHint: 'Amounts at or above this need two approvers; 0 means every amount.',
    confirmThreshold:
      '{{currency}} money-outs of {{amount}} or more will need two approvers. Save?',
    everyAmount: 'Default',
    edit: 'Change',
    tiers: {
      title: 'Approval tiers by amount',
      text: 'Per kind and currency, bands of amounts that each need one, two or three distinct approvers. Where a kind and currency have bands, they replace the two-approver threshold; a balance adjustment keeps its own third approver, and an API pay-out that no risk rule holds still goes out at once.',
      kinds: { payout: 'Pay-outs', settlement: 'Settlements', withdrawal: 'Withdrawals' },
      kind: 'Kind',
      bands: 'Bands (from → approvers)',
      from: 'From amount',
      approvers: 'Approvers',
      fromOf: 'Band {{n}}: from amount',
      approversOf: 'Band {{n}}: approvers',
      remove: 'Remove',
      removeOf: 'Remove band {{n}}',
      add: 'Add a band',
      removeAll: 'Remove these tiers',
      problems: {
        order: 'Must be above the band before it.',
        fewer: 'Cannot need fewer approvers than the band before it.',
      },
      confirm:
        '{{kind}} in {{currency}} will need the approvers these bands say once a second admin approves the change. Save?',
      confirmRemove:
        'Remove the tiers of {{kind}} in {{currency}}? Once a second admin approves, the two-approver threshold applies to them again.',
      waiting:
        'Tier changes waiting for a second admin in the approvals queue; the tiers in force stay until then:',
      none: 'No tiers yet: the two-approver threshold applies to every kind and currency.',
    },
  },
  demo: {
    switch: 'Switch',
    included: 'Demo accounts are included in the dashboard figures',
    excluded: 'Demo accounts are left out of the dashboard figures',
    confirmOn: 'Include the demo accounts in every dashboard figure?',
    confirmOff: 'Leave the demo accounts out of every dashboard figure?',
  },
};
