import type { Queryable } from '../db/db';
import { claimIdempotencyKey } from './merchant-api.queries';
import { ApiFailure } from './merchant-auth';

/**
 * A replay, a reused key or a key in flight: thrown out of the creating transaction to undo
 * it. The key is kept (never released) whatever the answer.
 */
export class IdempotencyStop extends Error {
  constructor(
    readonly failure: ApiFailure | null,
    readonly replay?: { statusCode: number; response: unknown },
    /** For a key in flight: when it was claimed. */
    readonly inProgressSince?: Date,
  ) {
    super('idempotency');
  }
}

/** Claims a request's idempotency key in `tx`, or throws the answer a claimed key gets. */
export async function claimOrStop(tx: Queryable, merchantId: string, key: string, hash: string) {
  const claim = await claimIdempotencyKey(tx, merchantId, key, hash);
  if (claim.state === 'new') return;
  if (claim.state === 'replay') throw new IdempotencyStop(null, claim);
  if (claim.state === 'mismatch')
    throw new IdempotencyStop(
      new ApiFailure(
        409,
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request',
      ),
    );
  throw new IdempotencyStop(
    new ApiFailure(
      409,
      'request_in_progress',
      'A request with this Idempotency-Key is still in progress',
    ),
    undefined,
    claim.since,
  );
}
