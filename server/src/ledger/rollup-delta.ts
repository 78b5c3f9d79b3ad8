/** A change to one dashboard figure: count, volume and fee of a tenant's day, kind and status. */
export interface RollupDelta {
  readonly ownerAccountId: string;
  readonly currency: string;
  /** The UTC day the transaction was created. */
  readonly createdAt: Date;
  readonly kind: 'payin' | 'payout' | 'settlement' | 'settlement_wallet' | 'withdrawal' | 'top_up';
  readonly status: string;
  readonly gatewayCode?: string;
  readonly count: number;
  readonly volume: bigint;
  readonly fee: bigint;
}

/** The deltas of one transaction moving from `from` (null when new) to `to`. */
export function transitionDeltas(
  base: Omit<RollupDelta, 'status' | 'count' | 'volume' | 'fee'>,
  from: string | null,
  to: string,
  volume: bigint,
  fee: bigint,
): RollupDelta[] {
  const deltas: RollupDelta[] = [{ ...base, status: to, count: 1, volume, fee }];
  if (from !== null) deltas.push({ ...base, status: from, count: -1, volume: -volume, fee: -fee });
  return deltas;
}
