import { formatAmount, moneyKind, parseAmount, pathOf, type MoneyKindName } from '@bo/contract';

/** What every money row has: the fields decisions and totals read. */
export interface MoneyItem {
  readonly id: string;
  readonly currency: string;
  readonly amount: string;
  readonly status: string;
  readonly created_at: string;
}

export interface CurrencyTotal {
  readonly currency: string;
  readonly count: number;
  /** Exact decimal text, summed in minor units (never as JS numbers). */
  readonly amount: string;
}

/** Count and exact sum per currency of `rows`, in the order currencies first appear. */
export function totalsByCurrency(rows: readonly MoneyItem[]): CurrencyTotal[] {
  const sums = new Map<string, { count: number; minor: bigint }>();
  for (const row of rows) {
    const minor = parseAmount(row.amount, row.currency) ?? 0n;
    const sum = sums.get(row.currency) ?? { count: 0, minor: 0n };
    sums.set(row.currency, { count: sum.count + 1, minor: sum.minor + minor });
  }
  return [...sums].map(([currency, sum]) => ({
    currency,
    count: sum.count,
    amount: formatAmount(sum.minor, currency),
  }));
}

/**
 * Where one item is found: its kind's (first) list, searched by its id (the money lists' search
 * matches an id exactly); empty for a kind without a list.
 */
export function moneyItemPath(kind: MoneyKindName, id: string): string {
  const list = moneyKind(kind).routes[0];
  return list ? `${pathOf(list.id)}?search=${encodeURIComponent(id)}` : '';
}
