import { gatewayOutcomeOf, type MoneyKindDef } from '@bo/contract';
import type { GatewayRate } from './routing-decide';

/**
 * A gateway's payments of one kind created in a window: all of them, those its gateway finished
 * (the kind's `gatewayJudged` statuses) and those among them that succeeded. Routing's success
 * rates, the live view and the simulation all count with it.
 */
export interface GatewayCounts {
  created: number;
  finished: number;
  succeeded: number;
}

/** How many rows of a gateway are in a status (one row of a `GROUP BY gateway_id, status`). */
export interface StatusCount {
  readonly gateway_id: string;
  readonly status: string;
  readonly n: number;
}

/** Adds `n` rows of `status` to `counts` by the kind's rule. */
export function countStatus(
  kind: MoneyKindDef,
  counts: GatewayCounts,
  status: string,
  n = 1,
): void {
  counts.created += n;
  const outcome = gatewayOutcomeOf(kind, status);
  if (outcome) counts.finished += n;
  if (outcome === 'success') counts.succeeded += n;
}

export const noCounts = (): GatewayCounts => ({ created: 0, finished: 0, succeeded: 0 });

/** Per gateway, the counts of a kind's rows by status. */
export function tallyStatuses(
  kind: MoneyKindDef,
  rows: Iterable<StatusCount>,
): Map<string, GatewayCounts> {
  const counts = new Map<string, GatewayCounts>();
  for (const r of rows) {
    let sum = counts.get(r.gateway_id);
    if (!sum) counts.set(r.gateway_id, (sum = noCounts()));
    countStatus(kind, sum, r.status, r.n);
  }
  return counts;
}

/** A gateway's success rate as routing's steps read it: its finished rows and their successes. */
export const rateOf = (counts: GatewayCounts): GatewayRate => ({
  attempts: counts.finished,
  successes: counts.succeeded,
});
