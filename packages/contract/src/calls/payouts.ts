import { z } from 'zod';
import { RULES } from '../access';
import { PAYOUT_KIND } from '../money-kinds/payout';
import { PAYOUT_STATUSES } from '../lifecycles';
import { defineCall, formFlag, formText } from './define';
import {
  amountText,
  instantText,
  optionalInstantText,
  kindListRequest,
  listPageOf,
  routedByRequest,
} from './list';
import {
  decisionCall,
  decisionRequest,
  decisionResponse,
  decisionRowFields,
  formAmountText,
  formCurrency,
  formRequestKey,
  rejectionCall,
} from './money-fields';

export const payoutRow = z.object({
  id: z.string(),
  order_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  /** The merchant's reseller, when it has one. */
  reseller_db_code: z.string().nullable(),
  reseller_name: z.string().nullable(),
  currency: z.string(),
  amount: amountText,
  fee: amountText,
  status: z.enum(PAYOUT_STATUSES),
  is_in_house: z.boolean(),
  payment_gateway_code: z.string(),
  /** The gateway's own reference for the pay-out, once it gave one. */
  gateway_reference: z.string().nullable(),
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  created_at: instantText,
  /** When the row last changed (a status change, a decision). */
  updated_at: instantText,
  completed_at: optionalInstantText,
  ...decisionRowFields,
});
export type PayoutRow = z.infer<typeof payoutRow>;

/** Pay-outs in scope; `pendingOnly` lists those awaiting approval, `inHouseOnly` the admin's. */
export const getPayoutList = defineCall({
  name: 'getPayoutList',
  request: z.object({
    ...kindListRequest(PAYOUT_KIND, PAYOUT_STATUSES),
    ...routedByRequest,
    pendingOnly: formFlag.optional(),
    inHouseOnly: formFlag.optional(),
  }),
  response: listPageOf(payoutRow),
  rule: RULES.payout,
});

/**
 * A merchant asks to pay out from its pay-out balance; amount plus fee is reserved at once and
 * the pay-out waits for approval. In-house pay-outs are executed by an admin by hand.
 */
export const createPayout = defineCall({
  name: 'createPayout',
  request: z.object({
    currency: formCurrency,
    amount: formAmountText,
    orderId: formText(120),
    bankName: formText(120),
    accountNumber: formText(60),
    accountHolder: formText(120),
    inHouse: formFlag.optional(),
    requestKey: formRequestKey,
  }),
  response: payoutRow,
  rule: RULES.payout,
});

/**
 * Admin approves a pending pay-out: once approved by enough distinct admins (maker-checker) it
 * goes to its gateway (or, in-house, to the admin).
 */
export const approvePayout = decisionCall('approvePayout', RULES.payoutAdmin);

/** Admin rejects a pay-out with a reason code and note: its reservation is voided. */
export const rejectPayout = rejectionCall('rejectPayout', RULES.payoutAdmin);

/** Admin records the outcome of an in-house pay-out executed by hand. */
export const completeInHousePayout = defineCall({
  name: 'completeInHousePayout',
  request: decisionRequest.extend({ outcome: z.enum(['success', 'failed']) }),
  response: decisionResponse,
  rule: RULES.payoutAdmin,
});
