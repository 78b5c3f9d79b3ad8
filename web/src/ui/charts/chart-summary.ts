import type { TFunction } from 'i18next';

type SeriesLike = { name?: unknown; data?: unknown };

/** A point's number: a plain value, the last of an `[x, y]` pair, or an item's `value`. */
function numberOf(point: unknown): number | null {
  const raw = Array.isArray(point)
    ? point.at(-1)
    : point && typeof point === 'object' && 'value' in point
      ? (point as { value: unknown }).value
      : point;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The chart in words, for screen readers (ECharts' `aria` description, WCAG 1.1.1): its label,
 * then per series how many values it has and their range.
 */
export function chartSummary(t: TFunction, label: string, option: { series?: unknown }): string {
  const series = (Array.isArray(option.series) ? option.series : [option.series]).filter(
    (s): s is SeriesLike => !!s && typeof s === 'object',
  );
  const lines = series.map((s) => {
    const values = (Array.isArray(s.data) ? s.data : [])
      .map(numberOf)
      .filter((v): v is number => v !== null);
    const name = typeof s.name === 'string' && s.name ? s.name : label;
    if (!values.length) return t('page.chartSeriesEmpty', { name });
    return t('page.chartSeries', {
      name,
      n: values.length,
      min: Math.min(...values),
      max: Math.max(...values),
    });
  });
  return [`${label}.`, ...lines].join(' ');
}
