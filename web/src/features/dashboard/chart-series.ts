/**
 * The Statistical Overview's two series, in the chart's order (a click on a point names its
 * series by this index): the kind whose list a point opens, the answer's field holding its
 * amounts (`getReportDashboardV3`'s `statistics.payin` and `.payouts`), its words and colour.
 * The chart, its click and the table of its points all read them from here.
 */
export const CHART_SERIES = [
  { kind: 'payin', points: 'payin', label: 'dashboard.totalPayin', colour: '#556ee6' },
  { kind: 'payout', points: 'payouts', label: 'dashboard.totalPayout', colour: '#f1b44c' },
] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];
