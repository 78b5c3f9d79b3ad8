import {
  DASHBOARD_KINDS,
  DASHBOARD_PERIODS,
  DASHBOARD_SERIES_KINDS,
  formatAmount,
  STATISTICS_SERIES_FIELDS,
  type CallResponse,
  type CurrencyReportRow,
  type DashboardKind,
  type getReportDashboardV3,
} from '@bo/contract';

type Statistics = CallResponse<typeof getReportDashboardV3>['statistics'];

/**
 * Zeroes the figures of the kinds an account's modules do not cover (a sub-account with pay-in
 * and reports sees no pay-out or settlement figure), so the answer itself carries nothing more.
 */
export function withoutHiddenKinds(
  shown: readonly DashboardKind[],
  report: CurrencyReportRow[],
  statistics: Statistics,
): { report: CurrencyReportRow[]; statistics: Statistics } {
  const hidden = DASHBOARD_KINDS.filter((kind) => !shown.includes(kind));
  if (hidden.length === 0) return { report, statistics };
  const masked = report.map((row) => {
    const next: Record<string, unknown> = { ...row };
    for (const kind of hidden) {
      next[`${kind}_pending_count`] = 0;
      for (const period of DASHBOARD_PERIODS) {
        next[`${kind}_${period}_success_count`] = 0;
        next[`${kind}_${period}_total_count`] = 0;
        next[`${kind}_${period}_volume`] = formatAmount(0n, row.currency);
      }
    }
    return next as CurrencyReportRow;
  });
  // The chart's series of a hidden kind: a zero total and zero points.
  const zeroed = DASHBOARD_SERIES_KINDS.filter((kind) => hidden.includes(kind)).flatMap((kind) => {
    const { total, points } = STATISTICS_SERIES_FIELDS[kind];
    return [
      [total, '0'],
      [points, statistics[points].map(() => '0')],
    ];
  });
  return { report: masked, statistics: { ...statistics, ...Object.fromEntries(zeroed) } };
}
