import type { MoneyKindName } from '@bo/contract';

/** A change to one dashboard figure: count, volume and fee of a tenant's day, kind and status. */
export interface RollupDelta {
  readonly ownerAccountId: string;
  readonly currency: string;
  /** The UTC day the transaction was created. */
  readonly createdAt: Date;
  readonly kind: MoneyKindName;
  readonly status: string;
  readonly gatewayCode?: string;
  readonly count: number;
  readonly volume: bigint;
  readonly fee: bigint;
  /** The rest of the fee split (reports): zero for movements without one. */
  readonly split?: FeeSplitFigures;
}

/** The fee split a movement recorded when it was priced: where its fee went. */
export interface FeeSplitFigures {
  readonly gatewayCost: bigint;
  readonly resellerCommission: bigint;
  readonly platformProfit: bigint;
}

const negated = (s: FeeSplitFigures): FeeSplitFigures => ({
  gatewayCost: -s.gatewayCost,
  resellerCommission: -s.resellerCommission,
  platformProfit: -s.platformProfit,
});

/** Deltas that take back `deltas` (a row counted under another gateway moves off it). */
export const negatedDeltas = (deltas: readonly RollupDelta[]): RollupDelta[] =>
  deltas.map((d) => ({
    ...d,
    count: -d.count,
    volume: -d.volume,
    fee: -d.fee,
    split: d.split && negated(d.split),
  }));

/** The deltas of one transaction moving from `from` (null when new) to `to`. */
export function transitionDeltas(
  base: Omit<RollupDelta, 'status' | 'count' | 'volume' | 'fee' | 'split'>,
  from: string | null,
  to: string,
  volume: bigint,
  fee: bigint,
  split?: FeeSplitFigures,
): RollupDelta[] {
  const deltas: RollupDelta[] = [{ ...base, status: to, count: 1, volume, fee, split }];
  if (from !== null)
    deltas.push({
      ...base,
      status: from,
      count: -1,
      volume: -volume,
      fee: -fee,
      split: split && negated(split),
    });
  return deltas;
}

/** The split figures of a priced movement's row (settlements have no gateway cost). */
export const splitFiguresOf = (row: {
  gateway_cost?: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
}): FeeSplitFigures => ({
  gatewayCost: row.gateway_cost ?? 0n,
  resellerCommission: row.reseller_commission,
  platformProfit: row.platform_profit,
});
