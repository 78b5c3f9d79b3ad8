import type { FEE_MOVEMENTS, PreviewMovement, Rate } from '@bo/contract';
import type { GatewayRow } from '../gateways/gateways.service';
import type { ContractRecord } from './contracts.queries';

/** The gateway's cost columns a movement may be priced with. */
export type GatewayCosts = Pick<
  GatewayRow,
  'payin_cost_ppm' | 'payin_cost_fixed' | 'payout_cost_ppm' | 'payout_cost_fixed'
>;

type RateOf<Source> = (source: Source) => Rate;
type Present<Flag, T> = Flag extends true ? T : null;

/**
 * Where one movement's rates are read: the merchant's rate from the contract, the reseller's
 * beneath it and the gateway's cost, present exactly where the contract's FEE_MOVEMENTS says the
 * movement has them (the compiler holds the two tables together).
 */
export type MovementRates<M extends PreviewMovement = PreviewMovement> = {
  readonly merchant: RateOf<ContractRecord>;
  readonly reseller: Present<(typeof FEE_MOVEMENTS)[M]['resellerRate'], RateOf<ContractRecord>>;
  readonly gatewayCost: Present<(typeof FEE_MOVEMENTS)[M]['gatewayCost'], RateOf<GatewayCosts>>;
};

/** Each priced movement's columns: the one place that names them. */
export const MOVEMENT_RATES: { readonly [M in PreviewMovement]: MovementRates<M> } = {
  payin: {
    merchant: (c) => ({
      percentPpm: c.payin_ppm,
      fixed: c.payin_fixed,
      min: c.payin_min,
      max: c.payin_max,
    }),
    reseller: (c) => ({ percentPpm: c.reseller_payin_ppm, fixed: c.reseller_payin_fixed }),
    gatewayCost: (g) => ({ percentPpm: g.payin_cost_ppm, fixed: g.payin_cost_fixed }),
  },
  payout: {
    merchant: (c) => ({ percentPpm: c.payout_ppm, fixed: c.payout_fixed }),
    reseller: (c) => ({ percentPpm: c.reseller_payout_ppm, fixed: c.reseller_payout_fixed }),
    gatewayCost: (g) => ({ percentPpm: g.payout_cost_ppm, fixed: g.payout_cost_fixed }),
  },
  settlement: {
    merchant: (c) => ({ percentPpm: c.settlement_ppm, fixed: c.settlement_fixed }),
    reseller: (c) => ({
      percentPpm: c.reseller_settlement_ppm,
      fixed: c.reseller_settlement_fixed,
    }),
    gatewayCost: null,
  },
  refund: {
    merchant: (c) => ({ percentPpm: c.refund_ppm, fixed: c.refund_fixed }),
    reseller: null,
    gatewayCost: null,
  },
};
