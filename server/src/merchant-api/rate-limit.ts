import type { Db } from '../db/db';
import { recordApiRateLimited } from '../http/metrics';
import { SharedRateBuckets, type RateLimits } from '../http/rate-buckets';
import { ApiFailure } from './merchant-auth';

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
 * The merchant API's rate limit per key, shared by every instance: one token bucket per API key
 * in the database (`SharedRateBuckets`, keyed by the key id as it is). Off when `perSecond` is 0.
 */
export class KeyRateLimiter {
  private readonly buckets: SharedRateBuckets;

  constructor(db: Db, limits: RateLimits) {
    this.buckets = new SharedRateBuckets(db, limits);
  }

  /** Spends one request's token of `keyId`, or throws `RateLimited` (429) when none is left. */
  async take(keyId: string): Promise<void> {
    const waitSeconds = await this.buckets.take(keyId);
    if (waitSeconds === 0) return;
    recordApiRateLimited();
    throw new RateLimited(waitSeconds);
  }
}
