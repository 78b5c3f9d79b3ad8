import { formatAmount, parseAmount, type ReconLineRow } from '@bo/contract';

const minor = (text: string | null, currency: string) =>
  text === null ? 0n : (parseAmount(text, currency) ?? 0n);
const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * What writing a line off will post to the reconciliation-difference account, in minor units,
 * shown before the write-off is asked. The server's `differenceOf` (recon-difference.ts) is
 * the rule and answers the amount it took (`reconResolveResponse`); this reads the line the
 * same way: + when the gateway holds more of ours than our books say, − when less, money out
 * the other way round; a matched line is worth 0.
 */
export function writeOffMinor(line: ReconLineRow): bigint {
  const c = line.currency;
  const amount = minor(line.amount, c);
  const out =
    line.our_kind === 'payout' ||
    line.our_kind === 'refund' ||
    line.our_kind === 'dispute' ||
    (line.our_kind === null && amount < 0n);
  const theirs = line.status === 'success' ? abs(amount) : 0n;
  const ours = line.our_status === 'success' ? minor(line.our_amount, c) : 0n;
  let moved: bigint;
  switch (line.class) {
    case 'fee_mismatch':
      return minor(line.our_fee, c) - minor(line.fee, c);
    case 'amount_mismatch':
      moved = theirs && ours ? theirs - ours : 0n;
      break;
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

/** The write-off's effect per currency: how many lines and the sum going to the account. */
export function writeOffTotals(lines: readonly ReconLineRow[]) {
  const sums = new Map<string, { count: number; minor: bigint }>();
  for (const line of lines) {
    const sum = sums.get(line.currency) ?? { count: 0, minor: 0n };
    sums.set(line.currency, { count: sum.count + 1, minor: sum.minor + writeOffMinor(line) });
  }
  return [...sums].map(([currency, sum]) => ({
    currency,
    count: sum.count,
    amount: formatAmount(sum.minor, currency),
  }));
}

/** Lines still to resolve: a difference with no resolution done or waiting. */
export const isOpenDifference = (line: ReconLineRow) =>
  line.class !== 'matched' && line.resolution_status === null;

/** Which resolutions a line can take: the gateway is asked only about a transaction of ours. */
export const resolvableBy = {
  query: (line: ReconLineRow) =>
    isOpenDifference(line) && line.our_kind !== null && line.our_kind !== 'dispute',
  writeOff: (line: ReconLineRow) => isOpenDifference(line) && writeOffMinor(line) !== 0n,
  explain: isOpenDifference,
} as const;

/** A write-off waiting for its approvals (the checker's decision). */
export const isWaitingWriteOff = (line: ReconLineRow) =>
  line.resolution === 'write_off' && line.resolution_status === 'pending';
