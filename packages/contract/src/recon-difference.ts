import type { ReconClass, ReconOurKind } from './calls/reconciliation';
import { moneyKindNames } from './money-kinds';

/** A statement line as its write-off reads it: amounts in minor units. */
export interface ReconDifferenceLine {
  class: ReconClass;
  amount: bigint | null;
  fee: bigint | null;
  status: string | null;
  our_kind: ReconOurKind | null;
  our_amount: bigint | null;
  our_fee: bigint | null;
  our_status: string | null;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** The kinds whose money leaves through the gateway (`gatewayFlow: 'out'`). */
const OUT_KINDS: ReadonlySet<string> = new Set(moneyKindNames((k) => k.gatewayFlow === 'out'));

/**
 * What a line's difference is worth, signed as a write-off posts it: + when the gateway holds
 * more of ours than our books say (a gain), − when less (a loss). The one rule: the server posts
 * it, the run page shows it before a write-off is asked. Its money as the statement shows it
 * against ours (a line's amount without its sign):
 *
 * - amount mismatch, status mismatch, missing here, missing at gateway: what the gateway moved
 *   − what we moved, each side counting its amount only when it succeeded (a side with no line,
 *   or no transaction of ours, moved nothing: the whole difference is written off);
 * - duplicate: the statement's amount, when it succeeded;
 * - fee mismatch: our fee − the gateway's (it took more: it holds less of ours).
 *
 * Money in (a pay-in) counts as is; money out (a kind whose `gatewayFlow` is `out`: a pay-out, a
 * refund, a dispute's chargeback; or a line of none of ours with a negative amount) the other way
 * round: the gateway moving more out holds less of ours. A matched line is worth 0.
 */
export function reconDifferenceOf(line: ReconDifferenceLine): bigint {
  const out = line.our_kind === null ? (line.amount ?? 0n) < 0n : OUT_KINDS.has(line.our_kind);
  const theirs = line.status === 'success' ? abs(line.amount ?? 0n) : 0n;
  const ours = line.our_status === 'success' ? (line.our_amount ?? 0n) : 0n;
  let moved: bigint;
  switch (line.class) {
    case 'fee_mismatch':
      return (line.our_fee ?? 0n) - (line.fee ?? 0n);
    case 'amount_mismatch':
    case 'status_mismatch':
    case 'missing_here':
    case 'missing_at_gateway':
      moved = theirs - ours;
      break;
    case 'duplicate_at_gateway':
      moved = theirs;
      break;
    default:
      return 0n;
  }
  return out ? -moved : moved;
}
