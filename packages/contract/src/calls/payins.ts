import { z } from 'zod';
import { RULES } from '../access';
import { PAYIN_STATUSES } from '../lifecycles';
import { defineCall, formFlag, formOptionalText, pageOf, pageRequest } from './define';
import { formId, formOptionalCurrency, formOptionalDate } from './money-fields';

/** A pay-in as the lists show it; amounts are decimal strings in the currency. */
export const payinRow = z.object({
  id: z.string(),
  order_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  net_amount: z.string(),
  status: z.enum(PAYIN_STATUSES),
  payment_gateway_code: z.string(),
  payment_url: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PayinRow = z.infer<typeof payinRow>;

export const moneyListFilters = {
  ...pageRequest,
  currency: formOptionalCurrency,
  merchantDbCode: formOptionalText(40),
  orderId: formOptionalText(120),
  from: formOptionalDate,
  to: formOptionalDate,
};

/** Pay-ins in the caller's scope, newest first; `processingOnly` for the processing list. */
export const getPayinList = defineCall({
  name: 'getPayinList',
  request: z.object({
    ...moneyListFilters,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAYIN_STATUSES).optional()),
    processingOnly: formFlag.optional(),
  }),
  response: pageOf(payinRow),
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
