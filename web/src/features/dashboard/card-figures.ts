import {
  DASHBOARD_EXCLUDED_CURRENCIES,
  formatPercent,
  successPercent,
  type CurrencyReportRow,
  type DashboardKind,
  type DashboardPeriod,
} from '@bo/contract';
import { compareDecimals } from './compare-decimals';

/** How today's figure compares with yesterday's: green above, red below, plain otherwise. */
export type Trend = 'up' | 'down' | 'flat';

/** Spec: today's value is green when above yesterday's, red when below (exact comparison). */
export function trendOf(today: string | number, yesterday: string | number): Trend {
  const order = compareDecimals(String(today), String(yesterday));
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
}

/** The Bootstrap text colour of a trend. */
export function trendClass(trend: Trend): string {
  return trend === 'up' ? 'text-success' : trend === 'down' ? 'text-danger' : '';
}

/** The currency cards leave out INR_NATIVE and IDR_NATIVE (spec section 2). */
export function isShownOnDashboard(currency: string): boolean {
  return !(DASHBOARD_EXCLUDED_CURRENCIES as readonly string[]).includes(currency);
}

/** One cell of a currency card: the count of successful ones, their volume, success rate. */
export interface CardCell {
  readonly count: number;
  readonly volume: string;
  /** "97.50%": success / total × 100, 2 decimals, 0 when not computable, at most 100%. */
  readonly successRate: string;
}

/** The figures of one kind and period of a currency-report row. */
export function cardCellOf(
  row: CurrencyReportRow,
  kind: DashboardKind,
  period: DashboardPeriod,
): CardCell {
  const count = Number(row[`${kind}_${period}_success_count`] ?? 0);
  const total = Number(row[`${kind}_${period}_total_count`] ?? 0);
  const volume = String(row[`${kind}_${period}_volume`] ?? '0');
  return { count, volume, successRate: formatPercent(successPercent(count, total)) };
}

/** Whether a row holds any figure at all: a count, a volume, a pending item or a balance. */
export function hasFigures(row: CurrencyReportRow): boolean {
  return Object.entries(row).some(([field, value]) =>
    field.endsWith('_count')
      ? Number(value) !== 0
      : (field.endsWith('_volume') || field === 'balance') &&
        compareDecimals(String(value), '0') !== 0,
  );
}

/**
 * The currencies a merchant trades (those of its contracts) that have no figures yet, in the
 * order given: no row, or a row of zeros. The dashboard says so for each instead of a card.
 */
export function currenciesWithoutFigures(
  rows: readonly CurrencyReportRow[],
  traded: readonly string[],
): string[] {
  return traded.filter((currency) => {
    const row = rows.find((r) => r.currency === currency);
    return isShownOnDashboard(currency) && !(row && hasFigures(row));
  });
}
