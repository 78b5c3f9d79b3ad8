import { z } from 'zod';
import { RULES } from '../access';
import { defineCall } from './define';
import { amountText } from './list';
import { reportPageOf, reportRequest } from './report-period';

/**
 * The balance settlement reports (issue 12): per tenant and currency, its balance at the
 * period's start (`opening`), what moved it during the period by the journal's lifecycle, its
 * balance at the period's end (`closing`, the ledger balance at that instant) and `difference`
 * = opening + movements − closing, which reads zero when the books agree (a non-zero one is
 * also listed in the answer's `differences`, never hidden). Outflows (`settled_*`, `paid_out`,
 * `withdrawn`) are positive amounts that reduce the balance.
 */

const { page, pageSize, currency, from, to, timeZone, search, merchantDbCode, resellerDbCode } =
  reportRequest;
const periodFields = { page, pageSize, currency, from, to, timeZone, search };

/**
 * A merchant's money at the platform (`available`, `reserved`, `payout_available`,
 * `payout_reserved`, and its disputes' `disputed` and `dispute_shortfall`): credited (pay-ins,
 * net of fees), settled to the bank and to the USDT wallet, paid out, topped up, refunded
 * (refunds with their fees, net of pay-in fees given back), lost to disputes (lost disputes'
 * amount and fee, and the fee the gateway kept on a won one: a hold moves money between the
 * merchant's own accounts and nets to zero), adjustments (any other journal kind); `reserved`
 * is the part of the closing balance held for pending settlements, pay-outs and refunds at the
 * period's end, `disputes_held` the part held by open disputes (the closing counts what a
 * dispute took beyond the available balance as negative, so it may be below zero).
 */
/** The merchant balance settlement's movement columns, in display order (one list for all). */
export const MERCHANT_SETTLEMENT_MOVEMENTS = [
  'credited',
  'settled_bank',
  'settled_usdt',
  'paid_out',
  'topped_up',
  'refunded',
  'disputes_lost',
  'adjustments',
] as const;
export type MerchantSettlementMovement = (typeof MERCHANT_SETTLEMENT_MOVEMENTS)[number];

const merchantFigures = {
  currency: z.string(),
  opening: amountText,
  ...(Object.fromEntries(MERCHANT_SETTLEMENT_MOVEMENTS.map((c) => [c, amountText])) as Record<
    MerchantSettlementMovement,
    typeof amountText
  >),
  reserved: amountText,
  disputes_held: amountText,
  closing: amountText,
  difference: amountText,
};
export const merchantBalanceSettlementRow = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  ...merchantFigures,
});
export type MerchantBalanceSettlementRow = z.infer<typeof merchantBalanceSettlementRow>;
export const merchantBalanceSettlementTotals = z.object(merchantFigures);

/** `/merchant-balance-settlement`: admin (every merchant) and merchant (itself). */
export const getMerchantBalanceSettlement = defineCall({
  name: 'getMerchantBalanceSettlement',
  request: z.object({ ...periodFields, merchantDbCode, resellerDbCode }),
  response: reportPageOf(merchantBalanceSettlementRow, merchantBalanceSettlementTotals),
  rule: RULES.reportsAdminOrMerchant,
});

/**
 * A reseller's commission (`commission`, `commission_reserved`): earned (its share of the
 * fees of pay-ins, pay-outs and settlements; any other kind but withdrawals) and withdrawn.
 * `closing` is the total at the period's end: `available` (the `commission` account, the
 * earning statement's closing) plus `reserved` (`commission_reserved`, held for pending
 * withdrawals).
 */
const resellerFigures = {
  currency: z.string(),
  opening: amountText,
  earned: amountText,
  withdrawn: amountText,
  available: amountText,
  reserved: amountText,
  closing: amountText,
  difference: amountText,
};
export const resellerBalanceSettlementRow = z.object({
  id: z.string(),
  reseller_id: z.string(),
  reseller_db_code: z.string(),
  reseller_name: z.string(),
  ...resellerFigures,
});
export type ResellerBalanceSettlementRow = z.infer<typeof resellerBalanceSettlementRow>;
export const resellerBalanceSettlementTotals = z.object(resellerFigures);

/** `/reseller-balance-settlement`: admin (every reseller) and reseller (itself). */
export const getResellerBalanceSettlement = defineCall({
  name: 'getResellerBalanceSettlement',
  request: z.object({ ...periodFields, resellerDbCode }),
  response: reportPageOf(resellerBalanceSettlementRow, resellerBalanceSettlementTotals),
  rule: RULES.reportsAdminOrReseller,
});
