import type { RuleComparison } from '@bo/contract';

/** `left op right` for the comparisons a rule may name. */
export function compare(
  left: bigint | number,
  op: RuleComparison,
  right: bigint | number,
): boolean {
  if (op === 'gt') return left > right;
  if (op === 'gte') return left >= right;
  if (op === 'lt') return left < right;
  return left <= right;
}
