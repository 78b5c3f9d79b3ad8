import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formOptionalText, formText, pageOf, pageRequest } from './define';
import { formCurrency, formOptionalCurrency } from './money-fields';

const rateRow = z.object({
  percent: z.string(),
  fixed: z.string(),
  min: z.string().nullable(),
  max: z.string().nullable(),
});

/** One version of a merchant's contract in one currency (and optionally one gateway). */
export const contractRow = z.object({
  id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  reseller_db_code: z.string(),
  currency: z.string(),
  payment_gateway_code: z.string(),
  version: z.number().int(),
  effective_from: z.string(),
  payin: rateRow,
  payout: rateRow,
  settlement: rateRow,
  reseller_payin: rateRow,
  reseller_payout: rateRow,
  reseller_settlement: rateRow,
});
export type ContractRow = z.infer<typeof contractRow>;

/** The contracts the caller can see: its own, its merchants', or all for an admin. */
export const getContractList = defineCall({
  name: 'getContractList',
  request: z.object({
    ...pageRequest,
    merchantDbCode: formOptionalText(40),
    currency: formOptionalCurrency,
  }),
  response: pageOf(contractRow),
  rule: RULES.contracts,
});

const pct = formOptionalText(12);
const amt = formOptionalText(40);

/**
 * An admin adds a contract version: percents as "2.5", fixed amounts as decimals of the
 * currency; a missing field is zero (min and max: none). It applies from `effectiveFrom`.
 */
export const createContract = defineCall({
  name: 'createContract',
  request: z.object({
    merchantDbCode: formText(40),
    currency: formCurrency,
    paymentGatewayCode: formOptionalText(40),
    effectiveFrom: formOptionalText(40),
    payinPercent: pct,
    payinFixed: amt,
    payinMin: amt,
    payinMax: amt,
    payoutPercent: pct,
    payoutFixed: amt,
    settlementPercent: pct,
    settlementFixed: amt,
    resellerPayinPercent: pct,
    resellerPayinFixed: amt,
    resellerPayoutPercent: pct,
    resellerPayoutFixed: amt,
    resellerSettlementPercent: pct,
    resellerSettlementFixed: amt,
  }),
  response: contractRow,
  rule: RULES.accountManagementNotMerchant,
});
