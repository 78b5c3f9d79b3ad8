import { MERCHANT_API_MAX_SKEW_SECONDS } from '@bo/contract';
import type { Db, Queryable } from '../db/db';
import { GroupCommit, groupCommitOf } from '../db/group-commit';
import type { Writes } from '../db/writes';

const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<Queryable, number>();

/**
 * A verified signature, to be noted as seen until its timestamp leaves the accepted window
 * (timestamp + the allowed skew). A write notes it in the transaction that makes the pay-in or
 * pay-out (`recorded` once that has committed); anything else through `refuseReplay`.
 */
export class SignatureUse {
  /** Whether a committed transaction has noted this signature already. */
  recorded = false;
  readonly expiresAt: Date;

  constructor(
    readonly signature: string,
    timestamp: number,
  ) {
    this.expiresAt = new Date((timestamp + MERCHANT_API_MAX_SKEW_SECONDS) * 1000);
  }
}

/** Signatures go in as their hex and are kept as the 32 bytes it stands for. */
const INSERT_SEEN = `INSERT INTO merchant_api_seen_signatures (signature, expires_at)
     SELECT decode(s, 'hex'), e FROM unnest($1::text[], $2::timestamptz[]) AS t(s, e)`;

/**
 * The write noting signatures as seen, for a batch's one statement: a signature seen already
 * fails it with a unique violation (the batch is then run request by request, and the replay
 * refused alone). In signature order, so concurrent batches never deadlock.
 */
export function seenSignatureWrites(uses: readonly SignatureUse[]): Writes {
  const sorted = [...uses].sort((a, b) => (a.signature < b.signature ? -1 : 1));
  return {
    statements: [INSERT_SEEN],
    params: [sorted.map((u) => u.signature), sorted.map((u) => u.expiresAt)],
  };
}

/** Notes signatures as seen in `tx`; answers those that were not seen before. */
async function noteFirstUses(tx: Queryable, uses: readonly SignatureUse[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ signature: string }>(
    `${INSERT_SEEN} ORDER BY 1 ON CONFLICT DO NOTHING RETURNING encode(signature, 'hex') AS signature`,
    [uses.map((u) => u.signature), uses.map((u) => u.expiresAt)],
  );
  return new Set(rows.map((r) => r.signature));
}

/** Notes one signature in the caller's transaction; false when it was seen already (a replay). */
export async function isFirstUseIn(tx: Queryable, use: SignatureUse): Promise<boolean> {
  return (await noteFirstUses(tx, [use])).has(use.signature);
}

/**
 * Concurrent requests' signatures noted in one statement (group commit), so a read costs no
 * commit of its own under load. The same signature twice never shares a batch (the key): one
 * statement would count it new for both.
 */
const seenSignatures = (db: Db) =>
  groupCommitOf(
    db,
    'api-seen-signatures',
    () =>
      new GroupCommit<SignatureUse, boolean>(db, {
        many: async (tx, uses) => {
          const first = await noteFirstUses(tx, uses);
          return uses.map((u) => first.has(u.signature));
        },
        one: isFirstUseIn,
        key: (u) => u.signature,
        batchIsOneStatement: true,
        loneItemRunsMany: true,
      }),
  );

/**
 * Notes a verified signature as seen, shared by every server instance through the table's
 * primary key; false when it was seen already, i.e. the request is a replay. A signature a
 * write's transaction noted (`recorded`) is not noted again.
 */
export async function isFirstUseOfSignature(
  db: Db,
  use: SignatureUse,
  now = Date.now(),
): Promise<boolean> {
  pruneNowAndThen(db, now);
  if (use.recorded) return true;
  const first = await seenSignatures(db).submit(use);
  use.recorded = true;
  return first;
}

/** Forgets signatures whose window has closed, at most once a minute per server process. */
function pruneNowAndThen(db: Queryable, now: number) {
  if (now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  // Not awaited: the request needs none of it, and a failed prune is retried a minute later.
  void db
    .query('DELETE FROM merchant_api_seen_signatures WHERE expires_at < $1', [new Date(now)])
    .catch(() => lastPrune.delete(db));
}
