/** A Prometheus histogram as `/metrics` shows it: cumulative counts by upper bound. */
export interface HistogramSnapshot {
  /** Upper bounds (`le`), ascending, `Infinity` last. */
  readonly bounds: number[];
  /** Cumulative counts at each bound. */
  readonly counts: number[];
}

/** The buckets of histogram `name` (no labels) from `/metrics` text; empty when absent. */
export function histogramOf(text: string, name: string): HistogramSnapshot {
  const rows: [number, number][] = [];
  const pattern = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\S+)$`);
  for (const line of text.split('\n')) {
    const m = pattern.exec(line);
    if (m) rows.push([m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2])]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  return { bounds: rows.map((r) => r[0]), counts: rows.map((r) => r[1]) };
}

/** What `later` counted since `earlier` (same buckets). */
export function histogramSince(later: HistogramSnapshot, earlier: HistogramSnapshot) {
  return {
    bounds: later.bounds,
    counts: later.counts.map((c, i) => c - (earlier.counts[i] ?? 0)),
  };
}

/**
 * The `q` quantile of a histogram, interpolated linearly inside its bucket as Prometheus'
 * `histogram_quantile` does; Infinity when it falls past the last finite bound, NaN when empty.
 */
export function quantileOf(h: HistogramSnapshot, q: number): number {
  const total = h.counts.at(-1) ?? 0;
  if (!total) return NaN;
  const rank = q * total;
  for (let i = 0; i < h.bounds.length; i++) {
    if (h.counts[i]! < rank) continue;
    const upper = h.bounds[i]!;
    if (upper === Infinity) return Infinity;
    const lower = i === 0 ? 0 : h.bounds[i - 1]!;
    const below = i === 0 ? 0 : h.counts[i - 1]!;
    const inside = h.counts[i]! - below;
    return lower + (upper - lower) * (inside ? (rank - below) / inside : 1);
  }
  return NaN;
}
