/** One scrape of `/metrics`: each sample (name with its labels, as written) and its value. */
type Scrape = Map<string, number>;

/** Reads the Prometheus text format's samples (comments and blank lines skipped). */
export function parseMetrics(text: string): Scrape {
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    const value = Number(line.slice(cut + 1));
    if (cut > 0 && !Number.isNaN(value)) samples.set(line.slice(0, cut), value);
  }
  return samples;
}

/** What the server's `/metrics` said during the soak (seconds, counts, bytes). */
export interface MetricsSummary {
  scrapes: number;
  failedScrapes: number;
  /** Longest wait of the oldest due merchant notification (the notifier's lag). */
  maxNotificationLag: number;
  /** Longest time since the money jobs last finished a round. */
  maxJobsRunAge: number;
  /** Rounds of the money jobs finished during the watch, their mean and (bucket) slowest time. */
  jobRounds: number;
  meanJobRound: number;
  slowestJobRoundAtMost: number;
  /** Merchant notifications by state at the last scrape (due, retrying, waiting, abandoned). */
  notificationsAtEnd: Record<string, number>;
  maxEventLoopLagP99: number;
  maxDbConnectionsInUse: number;
  maxResidentBytes: number;
}

const ROUNDS = 'bo_money_jobs_round_seconds';

/** A metric's value summed over its labels (e.g. the connections of every pool); undefined if absent. */
function totalOf(scrape: Scrape, name: string): number | undefined {
  let total: number | undefined;
  for (const [key, value] of scrape)
    if (key === name || key.startsWith(`${name}{`)) total = (total ?? 0) + value;
  return total;
}

/** The smallest histogram bound that holds every round finished between two scrapes. */
function slowestBound(first: Scrape, last: Scrape): number {
  const rounds = (last.get(`${ROUNDS}_count`) ?? 0) - (first.get(`${ROUNDS}_count`) ?? 0);
  if (rounds <= 0) return Number.NaN;
  const bounds: { le: number; n: number }[] = [];
  for (const [key, value] of last) {
    const m = new RegExp(`^${ROUNDS}_bucket\\{le="([^"]+)"\\}$`).exec(key);
    if (m)
      bounds.push({
        le: m[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[1]),
        n: value - (first.get(key) ?? 0),
      });
  }
  bounds.sort((a, b) => a.le - b.le);
  return bounds.find((b) => b.n >= rounds)?.le ?? Number.POSITIVE_INFINITY;
}

/**
 * Scrapes `base`/metrics every `everyMs` until stopped (from a private address, which the
 * server lets read it) and keeps the worst figures seen: notifier lag, money-job round age and
 * duration, event-loop lag, database connections, memory.
 */
export function watchMetrics(base: string, everyMs = 2_000) {
  let first: Scrape | undefined;
  let last: Scrape | undefined;
  let scrapes = 0;
  let failedScrapes = 0;
  const worst = new Map<string, number>();
  const keepWorst = (scrape: Scrape, name: string) => {
    const v = totalOf(scrape, name);
    if (v !== undefined) worst.set(name, Math.max(worst.get(name) ?? v, v));
  };
  const scrape = async () => {
    try {
      const response = await fetch(`${base}/metrics`);
      if (!response.ok) throw new Error(String(response.status));
      const now = parseMetrics(await response.text());
      scrapes++;
      first ??= now;
      last = now;
      for (const name of [
        'bo_merchant_notifications_oldest_due_seconds',
        'bo_money_jobs_last_run_age_seconds',
        'bo_nodejs_eventloop_lag_p99_seconds',
        'bo_db_connections_in_use',
        'bo_process_resident_memory_bytes',
      ])
        keepWorst(now, name);
    } catch {
      failedScrapes++;
    }
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running = scrape();
  const loop = () => {
    timer = setTimeout(() => {
      running = scrape().then(() => {
        if (!stopped) loop();
      });
    }, everyMs);
  };
  loop();

  /** Stops the watch after one last scrape and answers what it saw. */
  return async (): Promise<MetricsSummary> => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await scrape();
    const end = last ?? new Map<string, number>();
    const start = first ?? end;
    const delta = (name: string) => (end.get(name) ?? 0) - (start.get(name) ?? 0);
    const rounds = delta(`${ROUNDS}_count`);
    const states: Record<string, number> = {};
    for (const state of ['due', 'retrying', 'waiting', 'abandoned'])
      states[state] = end.get(`bo_merchant_notifications{state="${state}"}`) ?? Number.NaN;
    return {
      scrapes,
      failedScrapes,
      maxNotificationLag: worst.get('bo_merchant_notifications_oldest_due_seconds') ?? Number.NaN,
      maxJobsRunAge: worst.get('bo_money_jobs_last_run_age_seconds') ?? Number.NaN,
      jobRounds: rounds,
      meanJobRound: rounds > 0 ? delta(`${ROUNDS}_sum`) / rounds : Number.NaN,
      slowestJobRoundAtMost: slowestBound(start, end),
      notificationsAtEnd: states,
      maxEventLoopLagP99: worst.get('bo_nodejs_eventloop_lag_p99_seconds') ?? Number.NaN,
      maxDbConnectionsInUse: worst.get('bo_db_connections_in_use') ?? Number.NaN,
      maxResidentBytes: worst.get('bo_process_resident_memory_bytes') ?? Number.NaN,
    };
  };
}
