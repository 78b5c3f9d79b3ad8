import type { Db } from '../db/db';
import { recordApiRateLimited } from '../http/metrics';
import { ApiFailure } from './merchant-auth';

/** A key's limit: requests per second sustained, and how many may come at once. 0: no limit. */
export interface RateLimits {
  readonly perSecond: number;
  readonly burst: number;
}

/** A 429 with the seconds to wait before a token is there again (`Retry-After`). */
export class RateLimited extends ApiFailure {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `Too many requests for this API key: try again in ${retryAfterSeconds} s`,
      retryAfterSeconds,
    );
  }
}

/**
 * Takes up to `want` tokens from the key's shared bucket, refilled first at `perSecond` up to
 * `burst`; answers how many it got and how many were there. One statement; the row lock orders
 * instances taking from the same key at once.
 */
async function takeFromBucket(
  db: Db,
  keyId: string,
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
    [keyId, limits.burst, limits.perSecond, want],
  );
  return rows[0] ?? null;
}

/**
 * The merchant API's rate limit per key, shared by every instance through one token bucket per
 * key in the database (`api_rate_buckets`). An instance takes a tenth of the burst at a time and
 * spends it in memory, so at most one statement per batch reaches the database; what one
 * instance holds unspent is the most the others can be short of. Off when `perSecond` is 0.
 */
export class KeyRateLimiter {
  private readonly held = new Map<string, { tokens: number; taking?: Promise<void> }>();

  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
  ) {}

  /** Spends one request's token of `keyId`, or throws `RateLimited` (429) when none is left. */
  async take(keyId: string): Promise<void> {
    if (this.limits.perSecond <= 0) return;
    const entry = this.held.get(keyId) ?? { tokens: 0 };
    this.held.set(keyId, entry);
    while (entry.tokens < 1) {
      entry.taking ??= this.refill(keyId, entry).finally(() => (entry.taking = undefined));
      await entry.taking;
    }
    entry.tokens -= 1;
  }

  private async refill(keyId: string, entry: { tokens: number }): Promise<void> {
    const batch = Math.max(1, Math.floor(this.limits.burst / 10));
    let taken = await takeFromBucket(this.db, keyId, this.limits, batch);
    if (!taken) {
      await this.db.query(
        `INSERT INTO api_rate_buckets (key_id, tokens, refilled_at)
         VALUES ($1, $2, clock_timestamp()) ON CONFLICT (key_id) DO NOTHING`,
        [keyId, this.limits.burst],
      );
      taken = await takeFromBucket(this.db, keyId, this.limits, batch);
    }
    const granted = taken?.granted ?? 0;
    if (granted === 0) {
      recordApiRateLimited();
      const missing = 1 - (taken?.available ?? 0);
      throw new RateLimited(Math.max(1, Math.ceil(missing / this.limits.perSecond)));
    }
    entry.tokens += granted;
  }
}
