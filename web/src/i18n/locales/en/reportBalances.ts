/** English strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances = {
  merchantHint:
    'Per merchant and currency: the balance at the start of the period, what moved it, and the ledger balance at its end. Settled and paid out are money that left. The difference must read zero.',
  resellerHint:
    'Per reseller and currency: the commission balance at the start of the period, commission earned and withdrawn, and the ledger balance at its end in its parts: available to withdraw (the earning statement’s closing) and reserved for pending withdrawals; the closing is their total. The difference must read zero.',
  columns: {
    merchant: 'Merchant',
    reseller: 'Reseller',
    currency: 'Currency',
    opening: 'Opening balance',
    openingCommission: 'Opening commission balance',
    credited: 'Credited',
    settledBank: 'Settled to bank',
    settledUsdt: 'Settled to USDT wallet',
    paidOut: 'Paid out',
    toppedUp: 'Topped up',
    refunded: 'Refunded',
    disputesLost: 'Lost to disputes',
    adjustments: 'Adjustments',
    reserved: 'Reserved at end',
    disputesHeld: 'Held by open disputes at end',
    earned: 'Earned',
    withdrawn: 'Withdrawn',
    closing: 'Closing balance',
    difference: 'Difference',
    availableCommission: 'Available at end',
    reservedWithdrawals: 'Reserved for pending withdrawals',
    closingTotal: 'Closing balance (total)',
  },
  /** /report-setting: the default time zone of reports and their default columns. */
  setting: {
    intro:
      'Which optional columns each report shows by default, and the time zone reports open in. Someone who has chosen their own columns on a report keeps their choice; the others see these defaults.',
    zoneTitle: 'Default time zone',
    zoneText:
      'Reports read their days in this zone when the address names none; anyone can still pick another zone on a report.',
    zoneLabel: 'Time zone',
    columnsText: '{{shown}} of {{total}} optional columns shown by default',
    alwaysShown: 'What identifies each row and the report’s own result are always shown.',
    showAll: 'Show all',
    save: 'Save',
    undo: 'Undo changes',
    unsaved: 'Unsaved changes: {{count}}',
    confirm: 'Save the report settings? {{changes}}',
    zoneChange: 'Default time zone: {{from}} → {{to}}.',
    columnsChange: 'Columns newly hidden by default: {{hidden}}; newly shown: {{shown}}.',
    saved: 'The report settings are saved.',
  },
};
