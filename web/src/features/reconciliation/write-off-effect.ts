import { formatAmount, parseAmount, reconDifferenceOf, type ReconLineRow } from '@bo/contract';

const minor = (text: string | null, currency: string) =>
  text === null ? null : parseAmount(text, currency);

/**
 * What writing a line off will post to the reconciliation-difference account, in minor units,
 * shown before the write-off is asked: the contract's `reconDifferenceOf`, the rule the server
 * posts by (it answers the amount it took, `reconResolveResponse`).
 */
export function writeOffMinor(line: ReconLineRow): bigint {
  const ours = line.our_currency ?? line.currency;
  return reconDifferenceOf({
    ...line,
    amount: minor(line.amount, line.currency),
    fee: minor(line.fee, line.currency),
    our_amount: minor(line.our_amount, ours),
    our_fee: minor(line.our_fee, ours),
  });
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

/**
 * Which resolutions a line can take: the gateway is asked only about a transaction of ours (a
 * dispute too: its ruling).
 */
export const resolvableBy = {
  query: (line: ReconLineRow) => isOpenDifference(line) && line.our_kind !== null,
  // The server refuses a difference across currencies: it is not one amount to write off.
  writeOff: (line: ReconLineRow) =>
    isOpenDifference(line) &&
    (line.our_currency === null || line.our_currency === line.currency) &&
    writeOffMinor(line) !== 0n,
  explain: isOpenDifference,
} as const;

/** A write-off waiting for its approvals (the checker's decision). */
export const isWaitingWriteOff = (line: ReconLineRow) =>
  line.resolution === 'write_off' && line.resolution_status === 'pending';
