import type { Db } from '../db/db';

/** A bucket's limit: tokens per second sustained, and how many may be spent at once. 0: no limit. */
export interface RateLimits {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * Takes up to `want` tokens from the key's shared bucket, refilled first at `perSecond` up to
 * `burst`; answers how many it got and how many were there. One statement; the row lock orders
 * instances taking from the same key at once.
 */
async function takeFromBucket(
  db: Db,
  key: string,
  limits: RateLimits,
  want: number,
): Promise<{ granted: number; available: number } | null> {
  const { rows } = await db.query<{ granted: number; available: number }>(
    `WITH cur AS (
       SELECT least($2::float8, tokens + greatest(0, extract(epoch FROM clock_timestamp() - refilled_at))::float8 * $3::float8) AS available
         FROM api_rate_buckets WHERE key_id = $1 FOR UPDATE
     ), grant_ AS (SELECT available, least($4::float8, floor(available)) AS n FROM cur)
     UPDATE api_rate_buckets b SET tokens = g.available - g.n, refilled_at = clock_timestamp()
       FROM grant_ g WHERE b.key_id = $1
     RETURNING g.n::int AS granted, g.available::float8 AS available`,
    [key, limits.burst, limits.perSecond, want],
  );
  return rows[0] ?? null;
}

/** What a use of the buckets names its keys with, and whether they come and go. */
export interface BucketKeys {
  /** Put before each key in the table, so uses never share a bucket ('' for API keys). */
  readonly prefix: string;
  /**
   * The keys are open-ended (client addresses): on each new key, the buckets of this prefix
   * that are full again are deleted (a full bucket and none are the same), so the table holds
   * only the keys seen within the last `burst / perSecond` seconds.
   */
  readonly forgetsFullBuckets: boolean;
}

/**
 * Rate limits shared by every instance through one token bucket per key in the database
 * (`api_rate_buckets`): the merchant API's per API key, the CSP reports' per client address.
 * An instance takes a tenth of the burst at a time and spends it in memory, so at most one
 * statement per batch reaches the database; what one instance holds unspent is the most the
 * others can be short of. Off when `perSecond` is 0.
 */
export class SharedRateBuckets {
  /** Tokens taken and not yet spent, per key, with the refill under way and who waits on it. */
  private readonly held = new Map<
    string,
    { tokens: number; users: number; taking?: Promise<number> }
  >();

  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
    private readonly keys: BucketKeys = { prefix: '', forgetsFullBuckets: false },
  ) {}

  /** Spends one token of `key`: answers 0, or the whole seconds until one is there again. */
  async take(key: string): Promise<number> {
    if (this.limits.perSecond <= 0) return 0;
    const entry = this.held.get(key) ?? { tokens: 0, users: 0 };
    this.held.set(key, entry);
    entry.users += 1;
    try {
      while (entry.tokens < 1) {
        entry.taking ??= this.refill(key, entry).finally(() => (entry.taking = undefined));
        const waitSeconds = await entry.taking;
        if (waitSeconds > 0) return waitSeconds;
      }
      entry.tokens -= 1;
      return 0;
    } finally {
      // Nothing held and no one waiting: forgotten (open-ended keys), made again when needed.
      entry.users -= 1;
      if (entry.users === 0 && entry.tokens < 1) this.held.delete(key);
    }
  }

  /** Takes a batch into `entry`: answers 0, or the seconds to wait when the bucket is empty. */
  private async refill(key: string, entry: { tokens: number }): Promise<number> {
    const batch = Math.max(1, Math.floor(this.limits.burst / 10));
    const row = this.keys.prefix + key;
    let taken = await takeFromBucket(this.db, row, this.limits, batch);
    if (!taken) {
      if (this.keys.forgetsFullBuckets)
        await this.db.query(
          `DELETE FROM api_rate_buckets WHERE key_id LIKE $1 || '%'
              AND refilled_at < clock_timestamp() - make_interval(secs => $2::float8)`,
          [this.keys.prefix, this.limits.burst / this.limits.perSecond],
        );
      await this.db.query(
        `INSERT INTO api_rate_buckets (key_id, tokens, refilled_at)
         VALUES ($1, $2, clock_timestamp()) ON CONFLICT (key_id) DO NOTHING`,
        [row, this.limits.burst],
      );
      taken = await takeFromBucket(this.db, row, this.limits, batch);
    }
    const granted = taken?.granted ?? 0;
    if (granted === 0) {
      const missing = 1 - (taken?.available ?? 0);
      return Math.max(1, Math.ceil(missing / this.limits.perSecond));
    }
    entry.tokens += granted;
    return 0;
  }
}
