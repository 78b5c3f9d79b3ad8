import {
  createPayout,
  createTopUp,
  decideAccess,
  requestSettlement,
  requestSettlementWallet,
  requestWithdrawal,
  type AccountType,
  type CallDef,
  type MenuViewer,
  type MoneyRequestKind,
} from '@bo/contract';

export type RequestFieldName =
  'orderId' | 'bankName' | 'accountNumber' | 'accountHolder' | 'merchantDbCode' | 'note';

/** A text field of a request form, named as its call names it. */
export interface RequestField {
  readonly name: RequestFieldName;
  readonly maxLength: number;
  readonly required: boolean;
}

/** One request form: the call it sends, who may ask, the fields besides currency and amount. */
export interface RequestKind {
  readonly kind: MoneyRequestKind;
  readonly call: CallDef;
  /** The account types that ask for this money themselves (the call's rule decides modules). */
  readonly askedBy: readonly AccountType[];
  readonly fields: readonly RequestField[];
  /** Settlements to a bank offer the merchant's saved bank accounts. */
  readonly savedBankAccounts?: boolean;
  /** Settlements to the USDT wallet go to the merchant's saved address: none, no request. */
  readonly needsWallet?: boolean;
}

const BANK_FIELDS: readonly RequestField[] = [
  { name: 'bankName', maxLength: 120, required: true },
  { name: 'accountNumber', maxLength: 60, required: true },
  { name: 'accountHolder', maxLength: 120, required: true },
];

/** Every request form of the money screens; a list screen names the one its button opens. */
export const REQUEST_KINDS: Record<MoneyRequestKind, RequestKind> = {
  payout: {
    kind: 'payout',
    call: createPayout,
    askedBy: ['merchant'],
    fields: [{ name: 'orderId', maxLength: 120, required: true }, ...BANK_FIELDS],
  },
  settlement: {
    kind: 'settlement',
    call: requestSettlement,
    askedBy: ['merchant'],
    fields: BANK_FIELDS,
    savedBankAccounts: true,
  },
  settlement_wallet: {
    kind: 'settlement_wallet',
    call: requestSettlementWallet,
    askedBy: ['merchant'],
    fields: [],
    needsWallet: true,
  },
  withdrawal: {
    kind: 'withdrawal',
    call: requestWithdrawal,
    askedBy: ['reseller'],
    fields: BANK_FIELDS,
  },
  top_up: {
    kind: 'top_up',
    call: createTopUp,
    askedBy: ['admin'],
    fields: [
      { name: 'merchantDbCode', maxLength: 40, required: true },
      { name: 'note', maxLength: 300, required: false },
    ],
  },
};

/** Whether `viewer` may open the request form (the server checks again, with scope). */
export const mayRequest = (request: RequestKind, viewer: MenuViewer | null) =>
  !!viewer &&
  request.askedBy.includes(viewer.accountType) &&
  decideAccess(request.call.rule, viewer) === 'allowed';
