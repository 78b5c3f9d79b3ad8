import type { ReportPeriod } from '@bo/contract';

/** The report parts of a list answer (`reportPageOf`): the period read, differences, totals. */
export interface ReportAnswerParts {
  readonly period: ReportPeriod | null;
  readonly differences: readonly string[];
  readonly totals: readonly Readonly<Record<string, unknown>>[];
}

/** Reads a report's period, differences and totals from a list page's whole answer. */
export function readReportAnswer(
  answer: Readonly<Record<string, unknown>> | undefined,
): ReportAnswerParts {
  return {
    period: (answer?.period as ReportPeriod | undefined) ?? null,
    differences: (answer?.differences as string[] | undefined) ?? [],
    totals: (answer?.totals as Record<string, unknown>[] | undefined) ?? [],
  };
}

/**
 * What a totals row shows under a column: the column's own cell when the totals carry its
 * field, the "Total CUR" label in the first column otherwise, else nothing.
 */
export function totalsCellKind(
  columnId: string,
  totalsRow: unknown,
  index: number,
): 'figure' | 'label' | 'blank' {
  const row = totalsRow as Record<string, unknown>;
  if (columnId !== 'currency' && row[columnId] !== undefined && row[columnId] !== null)
    return 'figure';
  return index === 0 ? 'label' : 'blank';
}
