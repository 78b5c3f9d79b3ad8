import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { conflict } from '../../core/app-error';

/** The hash a request key is bound to: the action and every field but the key itself. */
export function requestHash(action: string, input: Readonly<Record<string, unknown>>): string {
  const fields = Object.entries(input)
    .filter(([name, value]) => name !== 'requestKey' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify([action, fields]))
    .digest('hex');
}

/**
 * Claims a form's request key for `requestedBy` in the caller's transaction. A new key is
 * claimed (null); a key already used answers the first request's saved answer, so a double
 * click makes one request; the same key with other fields is a conflict. A claim made by a
 * transaction still running waits for it (the unique index), then reads its answer.
 */
export async function claimRequestKey(
  tx: Queryable,
  claim: { requestedBy: string; refType: string; key: string; hash: string },
): Promise<{ replay: unknown } | null> {
  const claimed = await tx.query(
    `INSERT INTO money_requests (requested_by, ref_type, request_key, request_hash)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (requested_by, request_key) WHERE request_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [claim.requestedBy, claim.refType, claim.key, claim.hash],
  );
  if (claimed.rows.length) return null;
  const { rows } = await tx.query<{ request_hash: string; response: unknown }>(
    'SELECT request_hash, response FROM money_requests WHERE requested_by = $1 AND request_key = $2',
    [claim.requestedBy, claim.key],
  );
  const first = rows[0];
  if (!first || first.request_hash !== claim.hash || first.response === null)
    throw conflict('requestKey was already used for another request');
  return { replay: first.response };
}

/**
 * Records who asked for a request (its creator may not approve it) and, under a claimed key,
 * the answer a repeat of the request gets.
 */
export async function saveMoneyRequest(
  tx: Queryable,
  request: { requestedBy: string; refType: string; refId: string; key?: string; response: unknown },
): Promise<void> {
  if (request.key === undefined) {
    await tx.query(
      'INSERT INTO money_requests (requested_by, ref_type, ref_id) VALUES ($1, $2, $3)',
      [request.requestedBy, request.refType, request.refId],
    );
    return;
  }
  await tx.query(
    `UPDATE money_requests SET ref_id = $3, response = $4
      WHERE requested_by = $1 AND request_key = $2`,
    [request.requestedBy, request.key, request.refId, JSON.stringify(request.response)],
  );
}
