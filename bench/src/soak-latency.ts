/** Latency figures of one kind of request: how many answered well, and their percentiles (ms). */
export interface KindFigures {
  kind: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The value at percentile `p` of sorted samples (nearest rank: the smallest with p% at or below it). */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * What the soak's clients saw, kept whole (a minute of requests is a few hundred thousand
 * numbers at most): each good answer's latency by kind, and each failure by kind and by what
 * went wrong (HTTP status and message, or the network error).
 */
export class LatencyBook {
  private readonly samples = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();

  /** A good answer of `kind` that took `ms`. */
  record(kind: string, ms: number): void {
    let list = this.samples.get(kind);
    if (!list) this.samples.set(kind, (list = []));
    list.push(ms);
  }

  /** A failed request of `kind`; `what` says how it failed (e.g. `503 Service unavailable`). */
  fail(kind: string, what: string): void {
    const key = `${kind}: ${what}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  /** Good answers of `kind` so far. */
  count(kind: string): number {
    return this.samples.get(kind)?.length ?? 0;
  }

  /** Failures of every kind so far. */
  errorCount(): number {
    let n = 0;
    for (const v of this.failures.values()) n += v;
    return n;
  }

  /** Each failure (kind and what) with how often it happened, most frequent first. */
  errors(): [string, number][] {
    return [...this.failures].sort((a, b) => b[1] - a[1]);
  }

  /** The figures of every kind, in the order the kinds were first seen. */
  figures(): KindFigures[] {
    return [...this.samples].map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        kind,
        count: sorted.length,
        p50: nearestRank(sorted, 50),
        p95: nearestRank(sorted, 95),
        p99: nearestRank(sorted, 99),
        max: sorted[sorted.length - 1] ?? Number.NaN,
      };
    });
  }
}

/** How a request failed, in a few words: the HTTP status and the answer's message. */
export function describeFailure(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    if (typeof message === 'string') return `${status} ${message}`;
  } catch {
    // not JSON: the start of the text says enough
  }
  return `${status} ${text.slice(0, 80)}`;
}

/** How a request that got no answer failed: the network error's code or message. */
export function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `network ${code}` : `network ${error.message}`;
  }
  return 'network error';
}
