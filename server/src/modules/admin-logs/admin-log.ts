import type { Queryable } from '../../db/db';
import type { Actor, RequestOrigin } from '../../core/context';

/** One entry of the admin log: who did what to which thing, from where, before and after. */
export interface AdminLogEntry {
  action: string;
  actor: Pick<Actor, 'accountId' | 'username' | 'accountType'> | null;
  /** For sign-in failures, the username or email that was tried. */
  actorLabel?: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'success' | 'failure';
  before?: unknown;
  after?: unknown;
  /**
   * When it happened, when the change it records carries its own time (a decision's journals
   * and status stamps), so an item's timeline orders them on one clock; else the database's.
   */
  at?: Date;
}

/**
 * Appends to the admin log. Call it with the transaction that makes the change, so the entry
 * exists exactly when the change does. The transaction takes its id (the CTE, evaluated before
 * the row's number is drawn) before the row takes its number: the admin log's chain relies on
 * that to know when a number it passed can no longer appear (ledger/chain/chain-runner.ts).
 */
export async function recordAdminLog(
  db: Queryable,
  origin: RequestOrigin,
  entry: AdminLogEntry,
): Promise<void> {
  await db.query(
    `WITH own_id AS MATERIALIZED (SELECT pg_current_xact_id() AS xid)
     INSERT INTO admin_logs (actor_account_id, actor_username, actor_account_type, action,
       target_type, target_id, client_ip, outcome, before, after, request_id, created_at)
     SELECT $1::uuid, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11,
            coalesce($12::timestamptz, now())
       FROM own_id`,
    [
      entry.actor?.accountId ?? null,
      entry.actor?.username ?? entry.actorLabel ?? '',
      entry.actor?.accountType ?? '',
      entry.action,
      entry.targetType ?? '',
      entry.targetId ?? '',
      origin.clientIp,
      entry.outcome ?? 'success',
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      origin.requestId,
      entry.at ? entry.at.toISOString() : null,
    ],
  );
}

/** The actor as the admin log names it, from an account row. */
export function actorOf(account: { id: string; username: string; account_type: string }) {
  return {
    accountId: account.id,
    username: account.username,
    accountType: account.account_type as Actor['accountType'],
  };
}
