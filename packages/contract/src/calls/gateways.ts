import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formOptionalText, pageOf, pageRequest } from './define';
import { formCurrency, formId, formOptionalCurrency } from './money-fields';

export const GATEWAY_STATUSES = ['activated', 'inactive'] as const;

/** A payment gateway as spec section 3 lists it, plus its cost rates. */
export const paymentGatewayRow = z.object({
  id: z.string(),
  payment_gateway_name: z.string(),
  payment_gateway_code: z.string(),
  payment_db_code: z.string(),
  currency: z.string(),
  country: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  wallet_info: z.object({ pg_deposit_balance: z.string() }),
  rate_info: z.object({
    balance_limit: z.string(),
    payin_cost_percent: z.string(),
    payin_cost_fixed: z.string(),
    payout_cost_percent: z.string(),
    payout_cost_fixed: z.string(),
  }),
  /** Successful share of finished pay-ins in percent, 2 decimals; "0.00" when none finished. */
  success_rate: z.string(),
});
export type PaymentGatewayRow = z.infer<typeof paymentGatewayRow>;

/** The gateways of one currency (spec: sends currency, reads pg_list). */
export const getPgListByCurrency = defineCall({
  name: 'getPgListByCurrency',
  request: z.object({ currency: formCurrency }),
  response: z.object({ pg_list: z.array(paymentGatewayRow) }),
  rule: RULES.administrator,
});

export const getPaymentGatewayList = defineCall({
  name: 'getPaymentGatewayList',
  request: z.object({
    ...pageRequest,
    currency: formOptionalCurrency,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(GATEWAY_STATUSES).optional()),
    search: formOptionalText(80),
  }),
  response: pageOf(paymentGatewayRow),
  rule: RULES.administrator,
});

/** Activates or deactivates a gateway; an inactive gateway takes no new pay-ins or pay-outs. */
export const updatePaymentGatewayStatus = defineCall({
  name: 'updatePaymentGatewayStatus',
  request: z.object({
    id: formId,
    status: z.enum(GATEWAY_STATUSES),
    /** Why; optional here (the gateway screen's own call requires one). */
    reason: formOptionalText(500),
  }),
  response: paymentGatewayRow,
  rule: RULES.administrator,
});

/**
 * A gateway's deposit balance as a percent of its balance limit, 2 decimals, rounded down and
 * not capped (a gateway can be over its limit); "0.00" without a limit or a balance. The one
 * rule for the dashboard's gateway balance table and /pg-currency-balance.
 */
export function depositPercentOfLimit(balance: bigint, limit: bigint): string {
  if (limit <= 0n || balance <= 0n) return '0.00';
  const hundredths = (balance * 10_000n) / limit;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}
