import type { AccountType, ModuleName } from '@bo/contract';
import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';
import { sessionInvalid } from '../../core/app-error';
import type { Actor, RequestOrigin } from '../../core/context';
import { effectiveModulesSql } from '../accounts/effective-modules';
import { hashToken, newToken } from './tokens';

/** Starts a session for the account and returns its token (shown once, stored hashed). */
export async function createSession(
  db: Queryable,
  accountId: string,
  origin: RequestOrigin,
  config: Pick<Config, 'sessionMaxHours'>,
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (account_id, token_hash, expires_at, client_ip, user_agent)
     VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`,
    [
      accountId,
      hashToken(token),
      config.sessionMaxHours,
      origin.clientIp,
      origin.userAgent.slice(0, 300),
    ],
  );
  return token;
}

interface SessionLookup {
  session_id: string;
  account_id: string;
  username: string;
  email: string;
  account_type: AccountType;
  parent_account_id: string | null;
  status: string;
  is_live: boolean;
  needs_touch: boolean;
  modules: ModuleName[];
}

/**
 * The actor behind a token, or a 440 when the token is unknown, revoked, expired (idle or
 * absolute), its account disabled, or `username` is not its account's.
 */
export async function resolveSession(
  db: Queryable,
  token: string,
  username: string,
  config: Pick<Config, 'sessionIdleMinutes'>,
): Promise<Actor> {
  if (!token || !username) throw sessionInvalid();
  const { rows } = await db.query<SessionLookup>(
    `SELECT s.id AS session_id, a.id AS account_id, a.username, a.email, a.account_type,
            a.parent_account_id,
            -- A sub-account stops with its parent: a disabled parent disables it too.
            CASE WHEN coalesce(p.status, 'active') = 'active' THEN a.status ELSE 'disabled' END
              AS status,
            (s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2)) AS is_live,
            s.last_seen_at < now() - interval '1 minute' AS needs_touch,
            ${effectiveModulesSql('a')} AS modules
       FROM sessions s JOIN accounts a ON a.id = s.account_id
       LEFT JOIN accounts p ON p.id = a.parent_account_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [hashToken(token), config.sessionIdleMinutes],
  );
  const found = rows[0];
  if (!found || !found.is_live || found.status !== 'active') throw sessionInvalid();
  if (found.username.toLowerCase() !== username.toLowerCase()) throw sessionInvalid();
  if (found.needs_touch) {
    // Idle expiry counts from the last use; a write a minute is enough precision.
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [found.session_id]);
  }
  return {
    accountId: found.account_id,
    sessionId: found.session_id,
    username: found.username,
    email: found.email,
    accountType: found.account_type,
    modules: found.modules,
    scopeAccountId: found.parent_account_id ?? found.account_id,
    isSubAccount: found.parent_account_id !== null,
  };
}

/** Revokes one session. */
export async function revokeSessionById(db: Queryable, sessionId: string, reason: string) {
  await db.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
}

/** Revokes every live session of an account except `keepSessionId`; returns how many. */
export async function revokeAccountSessions(
  db: Queryable,
  accountId: string,
  reason: string,
  keepSessionId: string | null = null,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
      WHERE account_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [accountId, reason, keepSessionId],
  );
  return rowCount;
}

/**
 * Gives an account a password of its own (the first-time step, a reset): sets it, clears
 * `must_change_password` and revokes every session of the account. Answers how many sessions.
 */
export async function setOwnPassword(
  db: Queryable,
  accountId: string,
  passwordHash: string,
  reason: string,
): Promise<number> {
  await db.query(
    'UPDATE accounts SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1',
    [accountId, passwordHash],
  );
  return revokeAccountSessions(db, accountId, reason);
}
