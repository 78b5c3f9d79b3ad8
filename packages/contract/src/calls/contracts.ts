import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formFlag, formOptionalText, formText, pageOf, pageRequest } from './define';
import {
  amountText,
  instantText,
  listPageOf,
  listRequest,
  optionalAmountText,
  sortField,
} from './list';
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
  /** The reseller's rates beneath; null for a merchant, who never sees them. */
  reseller_payin: rateRow.nullable(),
  reseller_payout: rateRow.nullable(),
  reseller_settlement: rateRow.nullable(),
  /** The refund fee (the platform's alone: no reseller rate beneath; min and max null). */
  refund: rateRow,
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

const draftRates = {
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
  refundPercent: pct,
  refundFixed: amt,
};

/**
 * An admin adds a contract version: percents as "2.5", fixed amounts as decimals of the
 * currency; a missing field is zero (min and max: none). `refundPercent` + `refundFixed` is the
 * fee of each refund of a pay-in (issue 26; the platform's alone, no reseller rate beneath). It applies from `effectiveFrom` (an
 * ISO-8601 instant, now or later; missing: now). The reseller's rates may not be above the
 * merchant's (percent and fixed compared separately), a minimum not above the maximum. Every
 * refusal of a field starts with the field's name, so a form can show it beside that field.
 */
export const createContract = defineCall({
  name: 'createContract',
  request: z.object({
    merchantDbCode: formText(40),
    currency: formCurrency,
    paymentGatewayCode: formOptionalText(40),
    effectiveFrom: formOptionalText(40),
    ...draftRates,
  }),
  response: contractRow,
  rule: RULES.accountManagementAdmin,
});

/** Where a contract version stands now: the one pricing new movements, a later one, or an older one. */
export const CONTRACT_VERSION_STATES = ['in_force', 'scheduled', 'superseded'] as const;
export type ContractVersionState = (typeof CONTRACT_VERSION_STATES)[number];

/** The columns the contract lists sort by on the server. */
export const CONTRACT_LIST_SORTS = ['effective_from', 'created_at'] as const;

const versionStateField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .enum(CONTRACT_VERSION_STATES, { error: 'must be in_force, scheduled or superseded' })
    .optional(),
);

/** The filters of both contract lists: owners, currency, gateway, and the version's state. */
const contractListRequest = z.object({
  ...pageRequest,
  direction: listRequest.direction,
  sort: sortField(CONTRACT_LIST_SORTS),
  currency: listRequest.currency,
  merchantDbCode: listRequest.merchantDbCode,
  resellerDbCode: listRequest.resellerDbCode,
  gatewayCode: listRequest.gatewayCode,
  status: versionStateField,
  timeZone: listRequest.timeZone,
});

const versionFields = {
  id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  reseller_db_code: z.string(),
  currency: z.string(),
  payment_gateway_code: z.string(),
  version: z.number().int(),
  effective_from: instantText,
  status: z.enum(CONTRACT_VERSION_STATES),
  created_at: instantText,
};

/** A version of a merchant's own rates (what /contracts shows; never the reseller's rates). */
export const merchantContractRow = z.object({
  ...versionFields,
  payin_percent: z.string(),
  payin_fixed: amountText,
  payin_min: optionalAmountText,
  payin_max: optionalAmountText,
  payout_percent: z.string(),
  payout_fixed: amountText,
  settlement_percent: z.string(),
  settlement_fixed: amountText,
  refund_percent: z.string(),
  refund_fixed: amountText,
});
export type MerchantContractRow = z.infer<typeof merchantContractRow>;

/** /contracts: each merchant's rates per currency, versions by effective date, in scope. */
export const getMerchantContractList = defineCall({
  name: 'getMerchantContractList',
  request: contractListRequest,
  response: listPageOf(merchantContractRow),
  rule: RULES.contracts,
});

/** A version of the reseller's rates beneath one merchant's contract line. */
export const resellerContractRow = z.object({
  ...versionFields,
  reseller_name: z.string(),
  reseller_payin_percent: z.string(),
  reseller_payin_fixed: amountText,
  reseller_payout_percent: z.string(),
  reseller_payout_fixed: amountText,
  reseller_settlement_percent: z.string(),
  reseller_settlement_fixed: amountText,
});
export type ResellerContractRow = z.infer<typeof resellerContractRow>;

/** /reseller-contracts: the resellers' rates per currency and gateway (a reseller its own). */
export const getResellerContractList = defineCall({
  name: 'getResellerContractList',
  request: contractListRequest,
  response: listPageOf(resellerContractRow),
  rule: RULES.accountManagementNotMerchant,
});

/** The three movements a contract prices. */
export const CONTRACT_MOVEMENTS = ['payin', 'payout', 'settlement'] as const;
export type ContractMovement = (typeof CONTRACT_MOVEMENTS)[number];

/** What the fee preview prices: the three movements and a refund (its fee, the merchant's alone). */
export const PREVIEW_MOVEMENTS = [...CONTRACT_MOVEMENTS, 'refund'] as const;
export type PreviewMovement = (typeof PREVIEW_MOVEMENTS)[number];

/**
 * What each priced movement is made of, one table for the server's pricing and the screens:
 * whether a reseller's rate sits beneath the merchant's (its commission), whether the gateway
 * charges a cost for it, and whether its fee comes on top of the amount (a refund: the merchant
 * pays amount plus fee, and there is no net) instead of out of it.
 */
export const FEE_MOVEMENTS = {
  payin: { resellerRate: true, gatewayCost: true, feeOnTop: false },
  payout: { resellerRate: true, gatewayCost: true, feeOnTop: false },
  settlement: { resellerRate: true, gatewayCost: false, feeOnTop: false },
  refund: { resellerRate: false, gatewayCost: false, feeOnTop: true },
} as const satisfies Record<
  PreviewMovement,
  { resellerRate: boolean; gatewayCost: boolean; feeOnTop: boolean }
>;

const movementRates = z.object({
  merchant: rateRow,
  reseller: rateRow,
  /** Merchant percent minus reseller percent, and the same for the fixed part. */
  margin_percent: z.string(),
  margin_fixed: z.string(),
});

/** One contract line (merchant, currency, gateway) with its version in force and those to come. */
export const contractRateLine = z.object({
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  currency: z.string(),
  payment_gateway_code: z.string(),
  in_force: z
    .object({
      id: z.string(),
      version: z.number().int(),
      effective_from: z.string(),
      payin: movementRates,
      payout: movementRates,
      settlement: movementRates,
      /** The refund fee: the merchant's rate only (no reseller rate, so no margin). */
      refund: rateRow,
    })
    .nullable(),
  scheduled: z.array(
    z.object({ id: z.string(), version: z.number().int(), effective_from: z.string() }),
  ),
});
export type ContractRateLine = z.infer<typeof contractRateLine>;

/**
 * /reseller/{id}/reseller-&-merchant-contract-rates: a reseller's rates beside each of its
 * merchants' rates with the commission margin per line. `resellerId` is the reseller's code
 * (or account id); a reseller may read only its own, a merchant none.
 */
export const getResellerContractRates = defineCall({
  name: 'getResellerContractRates',
  request: z.object({ resellerId: formText(64), currency: formOptionalCurrency }),
  response: z.object({
    reseller_db_code: z.string(),
    reseller_name: z.string(),
    lines: z.array(contractRateLine),
  }),
  rule: RULES.accountManagementAnyType,
});

/**
 * The split of a sample amount by the contract in force (and the gateway's cost), or by draft
 * rates (`draft=1`, admin only): the same `splitFee` the ledger uses. A merchant sees only fee
 * and net; a reseller not the gateway's cost nor the platform's profit (null when hidden). A
 * refund has no net: `merchant_pays` is what leaves the merchant's balance (amount plus fee),
 * and the fee is the platform's alone; every other movement has `merchant_net` and no
 * `merchant_pays`.
 */
export const getFeePreview = defineCall({
  name: 'getFeePreview',
  request: z.object({
    merchantDbCode: formText(40),
    currency: formCurrency,
    paymentGatewayCode: formOptionalText(40),
    movement: z.enum(PREVIEW_MOVEMENTS, {
      error: 'must be payin, payout, settlement or refund',
    }),
    amount: formText(40),
    draft: formFlag.optional(),
    ...draftRates,
  }),
  response: z.object({
    amount: z.string(),
    fee: z.string(),
    merchant_net: z.string().nullable(),
    merchant_pays: z.string().nullable(),
    reseller_commission: z.string().nullable(),
    platform_profit: z.string().nullable(),
    gateway_cost: z.string().nullable(),
    contract_id: z.string().nullable(),
    version: z.number().int().nullable(),
    payment_gateway_code: z.string(),
  }),
  rule: RULES.contracts,
});
