/** English strings of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet). */
export const reportLedgers = {
  columns: {
    postedAt: 'Time',
    kind: 'Type',
    reference: 'Reference',
    owner: 'Account',
    debit: 'Debit',
    credit: 'Credit',
    balance: 'Balance',
    opening: 'Opening balance',
    credits: 'Credits',
    debits: 'Debits',
    closing: 'Closing balance',
    entries: 'Entries',
    currency: 'Currency',
    payins: 'Pay-ins (net of fees)',
    payouts: 'Pay-outs',
    settlements: 'Settlements',
    topUps: 'Top-ups',
    adjustments: 'Adjustments',
  },
  picker: {
    contract: 'Contract',
    merchant: 'Merchant',
    reseller: 'Reseller',
    loading: 'Loading the choices…',
    none: 'There is nothing to show a ledger of yet.',
  },
  header: {
    ledgerOf: 'Ledger of {{owner}} ({{name}}) in {{currency}}',
    statementOf: 'Statement of {{owner}} ({{name}})',
  },
  statementNote:
    'Balance = available + reserved + pay-out balances. Reservations for pending requests move money between them and net to zero.',
};
