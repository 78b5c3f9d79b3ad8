import { z } from 'zod';
import { RULES } from '../access';
import { TOP_UP_KIND } from '../money-kinds/top-up';
import { WITHDRAWAL_KIND } from '../money-kinds/withdrawal';
import { TOP_UP_STATUSES, WITHDRAWAL_STATUSES } from '../lifecycles';
import { defineCall, formFlag, formOptionalText, formText } from './define';
import { amountText, instantText, optionalInstantText, kindListRequest, listPageOf } from './list';
import {
  decisionCall,
  decisionRowFields,
  formAmountText,
  formCurrency,
  formRequestKey,
  rejectionCall,
} from './money-fields';

export const withdrawalRow = z.object({
  id: z.string(),
  reseller_db_code: z.string(),
  reseller_name: z.string(),
  currency: z.string(),
  amount: amountText,
  status: z.enum(WITHDRAWAL_STATUSES),
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  created_at: instantText,
  /** When the row last changed (a status change, a decision). */
  updated_at: instantText,
  completed_at: optionalInstantText,
  ...decisionRowFields,
});

/** Withdrawals of reseller commission in scope. */
export const getWithdrawalList = defineCall({
  name: 'getWithdrawalList',
  request: z.object({
    ...kindListRequest(WITHDRAWAL_KIND, WITHDRAWAL_STATUSES),
    pendingOnly: formFlag.optional(),
  }),
  response: listPageOf(withdrawalRow),
  rule: RULES.withdrawalNotMerchant,
});

/** A reseller takes out part of its commission balance; the amount is reserved at once. */
export const requestWithdrawal = defineCall({
  name: 'requestWithdrawal',
  request: z.object({
    currency: formCurrency,
    amount: formAmountText,
    bankName: formText(120),
    accountNumber: formText(60),
    accountHolder: formText(120),
    requestKey: formRequestKey,
  }),
  response: withdrawalRow,
  rule: RULES.withdrawalNotMerchant,
});

const withdrawalDecision = (name: string) => decisionCall(name, RULES.withdrawalNotMerchant);

/** Admin decisions on withdrawals: approve (maker-checker), reject with a reason, complete. */
export const approveWithdrawal = withdrawalDecision('approveWithdrawal');
export const rejectWithdrawal = rejectionCall('rejectWithdrawal', RULES.withdrawalNotMerchant);
export const completeWithdrawal = withdrawalDecision('completeWithdrawal');

export const topUpRow = z.object({
  id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  currency: z.string(),
  amount: amountText,
  status: z.enum(TOP_UP_STATUSES),
  note: z.string(),
  created_at: instantText,
  /** When the row last changed (a status change, a decision). */
  updated_at: instantText,
  decided_at: optionalInstantText,
  ...decisionRowFields,
});

export const getTopUpList = defineCall({
  name: 'getTopUpList',
  request: z.object({
    ...kindListRequest(TOP_UP_KIND, TOP_UP_STATUSES),
  }),
  response: listPageOf(topUpRow),
  rule: RULES.topUpAdmin,
});

/** An admin records money a merchant sent in for pay-outs; approval credits its pay-out balance. */
export const createTopUp = defineCall({
  name: 'createTopUp',
  request: z.object({
    merchantDbCode: formText(40),
    currency: formCurrency,
    amount: formAmountText,
    note: formOptionalText(300),
    requestKey: formRequestKey,
  }),
  response: topUpRow,
  rule: RULES.topUpAdmin,
});

/** An admin other than the one who recorded it approves a top-up (one approval is enough). */
export const approveTopUp = decisionCall('approveTopUp', RULES.topUpAdmin);

/** An admin rejects a top-up with a reason code and note. */
export const rejectTopUp = rejectionCall('rejectTopUp', RULES.topUpAdmin);
