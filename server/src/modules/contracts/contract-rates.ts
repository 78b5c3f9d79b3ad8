import { splitFee, type FeeSplit, type Rate } from '@bo/contract';
import type { GatewayRow } from '../gateways/gateways.service';
import type { ContractRecord } from './contracts.queries';

/**
 * The contract version that prices a movement of `merchantId` in `currency` at `at`: a
 * gateway-specific contract wins over a general one; the latest effective version wins, and
 * of two effective at the same instant the later version (as the contract lists say).
 */
export function pickContract(
  contracts: readonly ContractRecord[],
  merchantId: string,
  currency: string,
  gatewayId: string | null,
  at: Date,
): ContractRecord | null {
  let best: ContractRecord | null = null;
  for (const c of contracts) {
    if (c.merchant_account_id !== merchantId || c.currency !== currency) continue;
    if (c.effective_from.getTime() > at.getTime()) continue;
    if (c.gateway_id !== null && c.gateway_id !== gatewayId) continue;
    if (!best) {
      best = c;
      continue;
    }
    const specific = (x: ContractRecord) => (x.gateway_id ? 1 : 0);
    const later =
      c.effective_from.getTime() > best.effective_from.getTime() ||
      (c.effective_from.getTime() === best.effective_from.getTime() && c.version > best.version);
    if (specific(c) > specific(best) || (specific(c) === specific(best) && later)) best = c;
  }
  return best;
}

export type Movement = 'payin' | 'payout' | 'settlement';

/** The merchant's and the reseller's price for one kind of movement. */
export function contractRates(
  c: ContractRecord,
  movement: Movement,
): { merchant: Rate; reseller: Rate } {
  if (movement === 'payin') {
    return {
      merchant: {
        percentPpm: c.payin_ppm,
        fixed: c.payin_fixed,
        min: c.payin_min,
        max: c.payin_max,
      },
      reseller: { percentPpm: c.reseller_payin_ppm, fixed: c.reseller_payin_fixed },
    };
  }
  if (movement === 'payout') {
    return {
      merchant: { percentPpm: c.payout_ppm, fixed: c.payout_fixed },
      reseller: { percentPpm: c.reseller_payout_ppm, fixed: c.reseller_payout_fixed },
    };
  }
  return {
    merchant: { percentPpm: c.settlement_ppm, fixed: c.settlement_fixed },
    reseller: { percentPpm: c.reseller_settlement_ppm, fixed: c.reseller_settlement_fixed },
  };
}

/** A contract line's refund fee: the merchant's rate alone, with no reseller rate beneath it. */
export const refundRateOf = (c: Pick<ContractRecord, 'refund_ppm' | 'refund_fixed'>): Rate => ({
  percentPpm: c.refund_ppm,
  fixed: c.refund_fixed,
});

/**
 * How a refund of `amount` is priced by the contract: its fee is the platform's alone (no
 * reseller commission, no gateway cost).
 */
export const refundSplit = (amount: bigint, c: ContractRecord): FeeSplit =>
  splitFee(amount, {
    merchant: refundRateOf(c),
    reseller: null,
    gateway: { percentPpm: 0, fixed: 0n },
  });

/** Splits `amount` by the contract (reseller rate only when the merchant has a reseller). */
export function priceMovement(
  amount: bigint,
  contract: ContractRecord,
  movement: Movement,
  hasReseller: boolean,
  gateway: Pick<
    GatewayRow,
    'payin_cost_ppm' | 'payin_cost_fixed' | 'payout_cost_ppm' | 'payout_cost_fixed'
  > | null,
): FeeSplit {
  const rates = contractRates(contract, movement);
  const gatewayRate: Rate =
    !gateway || movement === 'settlement'
      ? { percentPpm: 0, fixed: 0n }
      : movement === 'payin'
        ? { percentPpm: gateway.payin_cost_ppm, fixed: gateway.payin_cost_fixed }
        : { percentPpm: gateway.payout_cost_ppm, fixed: gateway.payout_cost_fixed };
  return splitFee(amount, {
    merchant: rates.merchant,
    reseller: hasReseller ? rates.reseller : null,
    gateway: gatewayRate,
  });
}

/** The split as journal details record it (decimal strings). */
export const splitDetails = (s: FeeSplit) => ({
  amount: s.amount.toString(),
  fee: s.fee.toString(),
  merchant_net: s.merchantNet.toString(),
  reseller_commission: s.resellerCommission.toString(),
  platform_profit: s.platformProfit.toString(),
  gateway_cost: s.gatewayCost.toString(),
});
