import { PAYIN_KIND, PAYOUT_KIND, type SimulatedDirection } from '@bo/contract';
import type { JudgedTable } from '../gateway-health/gateway-health.service';

/** A gateway's cost rates for one direction (what its payments cost the platform). */
export interface DirectionCosts {
  readonly percentPpm: number;
  readonly fixed: bigint;
}

/**
 * What a simulation reads of a direction's past payments (issue 43, "Simulation"): its table
 * and its kind's rule of what a gateway finished (`gatewayJudged`), which rows a profile of it
 * routes (a pay-out paid in-house goes through no gateway), and which of a gateway's cost rates
 * price it.
 */
export interface SimulatedKind extends JudgedTable {
  readonly direction: SimulatedDirection;
  /** SQL (alias `p`) true for the rows routing would have routed. */
  readonly routedSql: string;
  readonly costColumns: { readonly ppm: string; readonly fixed: string };
}

export const SIMULATED_KINDS: Readonly<Record<SimulatedDirection, SimulatedKind>> = {
  payin: {
    direction: 'payin',
    table: 'payins',
    kind: PAYIN_KIND,
    routedSql: 'true',
    costColumns: { ppm: 'payin_cost_ppm', fixed: 'payin_cost_fixed' },
  },
  payout: {
    direction: 'payout',
    table: 'payouts',
    kind: PAYOUT_KIND,
    routedSql: 'NOT p.is_in_house',
    costColumns: { ppm: 'payout_cost_ppm', fixed: 'payout_cost_fixed' },
  },
};
