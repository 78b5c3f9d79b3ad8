import { z } from 'zod';
import { RULES } from '../access';
import { PAYIN_KIND } from '../money-kinds/payin';
import { PAYIN_STATUSES } from '../lifecycles';
import { defineCall, formFlag } from './define';
import {
  amountText,
  instantText,
  optionalInstantText,
  kindListRequest,
  listPageOf,
  routedByRequest,
} from './list';
import { formId } from './money-fields';

/** A pay-in as the lists show it; amounts are decimal strings in the currency. */
export const payinRow = z.object({
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
  net_amount: amountText,
  status: z.enum(PAYIN_STATUSES),
  payment_gateway_code: z.string(),
  /** The gateway's own reference for the pay-in, once it gave one. */
  gateway_reference: z.string().nullable(),
  payment_url: z.string(),
  created_at: instantText,
  /** When the row last changed (a status change, a decision). */
  updated_at: instantText,
  completed_at: optionalInstantText,
  /**
   * What its succeeded refunds gave back (0 until one succeeds); equal to `amount` once fully
   * refunded. Beside `status`, which stays `success`: see `payinAfterCare`.
   */
  refunded_amount: amountText,
  /** Whether a dispute (chargeback) is open on it: opened, evidence submitted or accepted. */
  disputed: z.boolean(),
});
export type PayinRow = z.infer<typeof payinRow>;

/** Pay-ins in the caller's scope, newest first; `processingOnly` for the processing list. */
export const getPayinList = defineCall({
  name: 'getPayinList',
  request: z.object({
    ...kindListRequest(PAYIN_KIND, PAYIN_STATUSES),
    ...routedByRequest,
    processingOnly: formFlag.optional(),
  }),
  response: listPageOf(payinRow),
  rule: RULES.payin,
});

export const getPayinDetail = defineCall({
  name: 'getPayinDetail',
  request: z.object({ id: formId }),
  response: payinRow.extend({
    reseller_commission: z.string(),
    platform_profit: z.string(),
    gateway_cost: z.string(),
    contract_id: z.string(),
    contract_version: z.number().int(),
  }),
  rule: RULES.payin,
});
