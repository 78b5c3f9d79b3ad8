import {
  splitFee,
  ZERO_RATE,
  type ContractMovement,
  type FeeSplit,
  type PreviewMovement,
  type Rate,
} from '@bo/contract';
import type { ContractRecord } from './contracts.queries';
import { MOVEMENT_RATES, type GatewayCosts, type MovementRates } from './movement-rates';

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

/** A movement a contract prices with a merchant's and a reseller's rate. */
export type Movement = ContractMovement;

/** The merchant's and the reseller's price for one kind of movement. */
export function contractRates(
  c: ContractRecord,
  movement: Movement,
): { merchant: Rate; reseller: Rate } {
  const rates = MOVEMENT_RATES[movement];
  return { merchant: rates.merchant(c), reseller: rates.reseller(c) };
}

/** A contract line's refund fee: the merchant's rate alone, with no reseller rate beneath it. */
export const refundRateOf = (c: ContractRecord): Rate => MOVEMENT_RATES.refund.merchant(c);

/**
 * Splits `amount` by the contract: the reseller's rate when the movement has one and the
 * merchant has a reseller, the gateway's cost when the movement has one and goes through a
 * gateway (MOVEMENT_RATES says which). A refund's fee is thus the platform's alone.
 */
export function priceMovement(
  amount: bigint,
  contract: ContractRecord,
  movement: PreviewMovement,
  hasReseller: boolean,
  gateway: GatewayCosts | null,
): FeeSplit {
  const rates: MovementRates = MOVEMENT_RATES[movement];
  return splitFee(amount, {
    merchant: rates.merchant(contract),
    reseller: hasReseller && rates.reseller ? rates.reseller(contract) : null,
    gateway: gateway && rates.gatewayCost ? rates.gatewayCost(gateway) : ZERO_RATE,
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
