/** English strings of the gateway routing profiles screen (/payment-gateway/routing, issue 43). */
export const routing = {
  intro:
    'A routing profile chooses the gateway of each pay-in or pay-out of its direction and currency. The most specific active profile routes a payment: the merchant’s, else its reseller’s, else the platform’s. Every change waits for a second admin.',
  newProfile: 'New profile',
  newVersion: 'New version',
  newVersionOf: 'New version of {{place}}',
  filters: {
    direction: 'Direction',
    currency: 'Currency',
    anyDirection: 'All directions',
    anyCurrency: 'All currencies',
  },
  directions: { payin: 'Pay-in', payout: 'Pay-out' },
  scopes: { platform: 'Platform', reseller: 'Reseller', merchant: 'Merchant' },
  columns: {
    direction: 'Direction',
    currency: 'Currency',
    scope: 'Scope',
    version: 'Version',
    state: 'State',
    steps: 'Steps',
    updatedAt: 'Updated',
    actions: 'Actions',
  },
  state: { active: 'Active', off: 'Off', waiting: 'Change waiting' },
  empty:
    'No routing profile yet: each payment goes to a stable spread over its currency’s active gateways.',
  emptyFiltered: 'No routing profile matches these filters.',
  summary: {
    rules: 'Rules ({{rules}})',
    split: 'Split {{parts}}',
    splitPart: '{{gateway}} {{percent}}\u00a0%',
    successRate: 'Best success rate over {{window}}\u00a0min, exploring {{explore}}\u00a0%',
    unreadable: 'The definition does not read',
  },
  pending: {
    title: 'Routing profile changes waiting for a second admin',
    asked: 'asked by {{name}} on {{at}}',
  },
  editor: {
    titleNew: 'New routing profile',
    direction: 'Direction',
    currency: 'Currency',
    scope: 'Scope',
    accountCode: 'Account code',
    accountCodeHint: 'The reseller’s or merchant’s code, such as MER00001.',
    definition: 'Definition (JSON)',
    definitionHint:
      'Steps in order, each one of rules, split or successRate; every gateway must be an active one of the currency.',
    problems: 'The definition has these problems:',
    active: 'Routes payments (off: the next less specific profile routes)',
    reason: 'Reason',
    reasonHint: 'The second admin reads it before approving.',
    reasonNeeded: 'Give the reason the second admin reads',
    accountNeeded: 'Give the reseller’s or merchant’s code',
    send: 'Ask for approval',
    confirm: 'Ask a second admin to put this routing profile in force for {{place}}?',
    done: 'The routing profile for {{place}} waits for a second admin’s approval in the approvals queue.',
  },
  simulation: {
    run: 'Simulate over the last {{days}} days',
    none: {
      payin: 'No pay-in of the last {{days}} days is one this profile would have routed.',
      payout: 'No pay-out of the last {{days}} days is one this profile would have routed.',
    },
    summary: {
      payin:
        'Over the last {{days}} days this profile would have routed {{payments}} pay-ins; {{moved}} of them would have gone to another gateway than they did.',
      payout:
        'Over the last {{days}} days this profile would have routed {{payments}} pay-outs; {{moved}} of them would have gone to another gateway than they did. Deposits are not replayed: a pay-out is sent where the profile picks, whatever the gateway’s deposit held then.',
    },
    totals:
      'Success: {{actualSuccess}} then, {{expectedSuccess}} expected. Gateway cost: {{actualCost}} then, {{simulatedCost}} with this profile ({{currency}}).',
    caption: 'Past {{days}} days: what happened beside what this profile would have done',
    gateway: 'Gateway',
    actualShare: 'Share then',
    simulatedShare: 'Share with profile',
    actualSuccess: 'Success then',
    expectedSuccess: 'Success expected',
    actualCost: 'Cost then',
    simulatedCost: 'Cost with profile',
  },
};
