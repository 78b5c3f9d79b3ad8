import type { FastifyRequest } from 'fastify';
import { requestHash } from '../core/signature';
import type { Queryable } from '../db/db';
import {
  claimIdempotencyKey,
  findIdempotencyClaim,
  releaseIdempotencyKey,
  saveIdempotentResponse,
} from './merchant-api.queries';
import { ApiFailure, replayedRequest } from './merchant-auth';
import { isFirstUseIn, type SignatureUse } from './replay-guard';
import { isUnreachable } from '../db/db';

/**
 * A replay, a reused key or a key in flight: thrown out of the creating transaction to undo
 * it. The key is kept (never released) whatever the answer.
 */
export class IdempotencyStop extends Error {
  constructor(
    readonly failure: ApiFailure | null,
    readonly replay?: { statusCode: number; responseText: string },
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

/**
 * Notes a write's signature as seen in the transaction that creates, or throws (out of it,
 * the key kept) `replayed_request` when it was seen already.
 */
export async function noteSignatureOrStop(tx: Queryable, use: SignatureUse) {
  if (await isFirstUseIn(tx, use)) return;
  use.recorded = true;
  throw new IdempotencyStop(replayedRequest());
}

/**
 * Hands a creating write its idempotency key's request hash, its guard (run first in the
 * creating transaction: notes the signature as seen and claims the key) and saved answer.
 */
export type IdempotentWork = (
  key: string,
  hash: string,
  guard: (tx: Queryable) => Promise<void>,
  /** Saves the answer to replay; `statusCode` when it is not the write's usual (a refusal kept). */
  save: (tx: Queryable, body: unknown, statusCode?: number) => Promise<void>,
) => Promise<unknown>;

type IdempotentAnswer = { status: number; body: unknown; json: string };

const replayOf = (replay: { statusCode: number; responseText: string }): IdempotentAnswer => ({
  status: replay.statusCode,
  body: JSON.parse(replay.responseText) as unknown,
  json: replay.responseText,
});

/**
 * Runs an idempotent write: requires `Idempotency-Key`, answers a replay with the first
 * response byte for byte (the JSON text saved is the text sent: `json`), and releases the key
 * when the write is refused with nothing changed. `judge`: checks of the request by rules
 * that may have changed since (a notify_url): a replay of an accepted request still gets its
 * first answer, whatever they say now.
 */
export async function runIdempotent(
  db: Queryable,
  call: { request: FastifyRequest; merchantId: string; raw: string; signature: SignatureUse },
  create: IdempotentWork,
  judge?: () => void,
  /** The status of the first answer: 201 for a write that creates, 200 for one that changes. */
  status = 201,
): Promise<IdempotentAnswer> {
  const { request, merchantId, raw } = call;
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !key || key.length > 200)
    throw new ApiFailure(
      400,
      'bad_request',
      'Idempotency-Key is required (at most 200 characters)',
    );
  const hash = requestHash(request.method, request.url, raw);
  try {
    judge?.();
  } catch (refusal) {
    const claim = await findIdempotencyClaim(db, merchantId, key, hash);
    if (claim?.state === 'replay') return replayOf(claim);
    throw refusal;
  }
  let guarded = false;
  let answered = status;
  try {
    const body = await create(
      key,
      hash,
      async (tx) => {
        await noteSignatureOrStop(tx, call.signature);
        await claimOrStop(tx, merchantId, key, hash);
        guarded = true;
      },
      (tx, response, statusCode = status) => {
        answered = statusCode;
        return saveIdempotentResponse(tx, merchantId, key, statusCode, JSON.stringify(response));
      },
    );
    // `create` resolved: the transaction the guard ran in (and noted the signature in) committed.
    if (guarded) call.signature.recorded = true;
    return { status: answered, body, json: JSON.stringify(body) };
  } catch (error) {
    if (error instanceof IdempotencyStop) {
      if (error.replay) return replayOf(error.replay);
      throw error.failure;
    }
    // A lost connection leaves the outcome unknown: the write may have committed (its answer
    // lost on the way), so its key stays claimed, as when a server dies mid-request; the retry
    // finds what was kept, or finishes it once the claim is stale. Any other failure changed
    // nothing, and the key is free again.
    if (!isUnreachable(error))
      await releaseIdempotencyKey(db, merchantId, key).catch(() => undefined);
    throw error;
  }
}
