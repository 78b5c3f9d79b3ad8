import { z } from 'zod';
import { RULES } from '../access';
import { SETTLEMENT_KIND } from '../money-kinds/settlement';
import { SETTLEMENT_STATUSES } from '../lifecycles';
import { defineCall, formFlag, formOptionalText } from './define';
import {
  decisionCall,
  decisionResponse,
  decisionRowFields,
  formAmountText,
  formCurrency,
  formId,
  formRequestKey,
  rejectionCall,
} from './money-fields';
import { formBankReference, formSendingAccount, formValueDate } from './bank-transfer';
import { formOptionalBankAccountId } from './settlement-settings';
import {
  amountText,
  optionalAmountText,
  instantText,
  optionalInstantText,
  kindListRequest,
  listPageOf,
} from './list';

export const settlementRow = z.object({
  id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  destination: z.enum(['bank', 'usdt_wallet']),
  currency: z.string(),
  amount: amountText,
  fee: amountText,
  /** For the USDT wallet: fiat per 1 USDT at request time, and the USDT credited. */
  usdt_rate: optionalAmountText,
  usdt_amount: optionalAmountText,
  status: z.enum(SETTLEMENT_STATUSES),
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  created_at: instantText,
  /** When the row last changed (a status change, a decision). */
  updated_at: instantText,
  decided_at: optionalInstantText,
  completed_at: optionalInstantText,
  ...decisionRowFields,
  /**
   * What the admin who marked a bank settlement done recorded of the transfer: the bank's
   * reference, its value date (YYYY-MM-DD) and the account it was sent from (null when not
   * given); all null before completion and for the USDT wallet.
   */
  bank_reference: z.string().nullable(),
  value_date: z.string().nullable(),
  sending_account: z.string().nullable(),
});
export type SettlementRow = z.infer<typeof settlementRow>;

const settlementListRequest = z.object({
  ...kindListRequest(SETTLEMENT_KIND, SETTLEMENT_STATUSES),
  pendingOnly: formFlag.optional(),
});

/** Settlements to bank in scope. */
export const getSettlementList = defineCall({
  name: 'getSettlementList',
  request: settlementListRequest,
  response: listPageOf(settlementRow),
  rule: RULES.settlementsOrWithdrawal,
});

/** Settlements to the USDT wallet in scope. */
export const getSettlementWalletList = defineCall({
  name: 'getSettlementWalletList',
  request: settlementListRequest,
  response: listPageOf(settlementRow),
  rule: RULES.settlementsOrWithdrawal,
});

/** A merchant asks for part of its available balance to its bank; amount plus fee is reserved. */
export const requestSettlement = defineCall({
  name: 'requestSettlement',
  request: z.object({
    currency: formCurrency,
    amount: formAmountText,
    bankName: formOptionalText(120),
    accountNumber: formOptionalText(60),
    accountHolder: formOptionalText(120),
    /** A saved bank account (getSettlementSettings): its details are recorded instead. */
    bankAccountId: formOptionalBankAccountId,
    /** With typed details: also save them as a bank account (skipped when already saved). */
    saveAccount: formFlag.optional(),
    requestKey: formRequestKey,
  }),
  response: settlementRow,
  rule: RULES.settlementsOrWithdrawal,
});

/** The same to the merchant's USDT wallet at the currency's current recorded rate. */
export const requestSettlementWallet = defineCall({
  name: 'requestSettlementWallet',
  request: z.object({
    currency: formCurrency,
    amount: formAmountText,
    requestKey: formRequestKey,
  }),
  response: settlementRow,
  rule: RULES.settlementsOrWithdrawal,
});

const decision = (name: string) => decisionCall(name, RULES.settlementsOrWithdrawal);
const rejection = (name: string) => rejectionCall(name, RULES.settlementsOrWithdrawal);

/**
 * Admin decisions on settlements (both destinations): approve (maker-checker), reject with a
 * reason (void), complete (post).
 */
export const approveSettlement = decision('approveSettlement');
export const rejectSettlement = rejection('rejectSettlement');
/**
 * Marks a bank settlement done once the money is sent, with the transfer as the bank shows it:
 * its reference, its value date and, optionally, the account it went from; `reason` stays a
 * free note. All of it is kept on the settlement and in the admin log.
 */
export const completeSettlement = defineCall({
  name: 'completeSettlement',
  request: z.object({
    id: formId,
    bankReference: formBankReference,
    valueDate: formValueDate,
    sendingAccount: formSendingAccount,
    reason: formOptionalText(300),
  }),
  response: decisionResponse,
  rule: RULES.settlementsOrWithdrawal,
});
export const approveSettlementWallet = decision('approveSettlementWallet');
export const rejectSettlementWallet = rejection('rejectSettlementWallet');
export const completeSettlementWallet = decision('completeSettlementWallet');
