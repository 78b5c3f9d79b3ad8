import type { Queryable } from '../../db/db';

/** A verified callback's signature, to be kept until its timestamp leaves the window. */
export interface SeenCallbackSignature {
  /** Lowercase hex (the HMAC's bytes). */
  readonly signature: string;
  readonly replayableUntil: Date;
}

/**
 * Notes signatures as seen in `tx` (in signature order, so concurrent batches never deadlock);
 * answers those not seen before. A concurrent transaction noting the same one waits for this
 * one and then finds it seen: every instance on the database agrees.
 */
export async function noteFirstCallbackSignatures(
  tx: Queryable,
  seen: readonly SeenCallbackSignature[],
): Promise<Set<string>> {
  if (!seen.length) return new Set();
  const { rows } = await tx.query<{ signature: string }>(
    `INSERT INTO gateway_callback_signatures (signature, expires_at)
     SELECT decode(s, 'hex'), e FROM unnest($1::text[], $2::timestamptz[]) AS t(s, e)
      ORDER BY 1
     ON CONFLICT DO NOTHING RETURNING encode(signature, 'hex') AS signature`,
    [seen.map((s) => s.signature), seen.map((s) => s.replayableUntil)],
  );
  return new Set(rows.map((r) => r.signature));
}

/** Forgets the signatures whose window has closed before `now`. */
export async function pruneCallbackSignatures(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM gateway_callback_signatures WHERE expires_at < $1', [now]);
}
