import { FEE_SPLIT_PARTS, formatCount } from '@bo/contract';
import type { CurrencyTotals, FeeSplitPart } from '@bo/contract';
import { moneyText } from './money-text';

/** One currency's totals as the strip shows them: each figure left to right, with its currency. */
export interface TotalsFigures {
  readonly currency: string;
  readonly count: number;
  /** "1,234" */
  readonly countText: string;
  /** "12,345.67 THB" */
  readonly volume: string;
  /** Null when the list's rows have no fee (withdrawals, top-ups). */
  readonly fees: string | null;
  /** Null when the list's rows have no net amount (all but pay-ins). */
  readonly net: string | null;
  /**
   * The fees' split the viewer sees, in `FEE_SPLIT_PARTS` order: none when the list's rows keep
   * no split, or the viewer may see none of it (a merchant).
   */
  readonly split: readonly { readonly part: FeeSplitPart; readonly text: string }[];
}

/** The figures of one currency's totals, amounts through the list's own money formatter. */
export function totalsFigures(totals: CurrencyTotals): TotalsFigures {
  return {
    currency: totals.currency,
    count: totals.count,
    countText: formatCount(totals.count),
    volume: moneyText(totals.amount, totals.currency),
    fees: totals.fee === null ? null : moneyText(totals.fee, totals.currency),
    net: totals.net_amount === null ? null : moneyText(totals.net_amount, totals.currency),
    split: FEE_SPLIT_PARTS.flatMap((part) => {
      const amount = totals.fee_split?.[part];
      return amount === null || amount === undefined
        ? []
        : [{ part, text: moneyText(amount, totals.currency) }];
    }),
  };
}
