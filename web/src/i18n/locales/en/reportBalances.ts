/** English strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances = {
  merchantHint:
    'Per merchant and currency: the balance at the start of the period, what moved it, and the ledger balance at its end. Settled and paid out are money that left. The difference must read zero.',
  resellerHint:
    'Per reseller and currency: the commission balance at the start of the period, commission earned and withdrawn, and the ledger balance at its end. The difference must read zero.',
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
    adjustments: 'Adjustments',
    reserved: 'Reserved at end',
    earned: 'Earned',
    withdrawn: 'Withdrawn',
    closing: 'Closing balance',
    difference: 'Difference',
  },
};
