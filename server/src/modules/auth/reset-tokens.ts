import type { Queryable } from '../../db/db';
import { RESET_TOKEN_MINUTES } from '../mail/mail.service';
import { hashToken, newToken } from './tokens';

/**
 * Opens a password reset token for the account (256 random bits, stored only as its hash, valid
 * `minutes`, RESET_TOKEN_MINUTES by default; an invitation's longer), voiding the account's older
 * ones. Answers the token, to mail.
 */
export async function openResetToken(
  db: Queryable,
  accountId: string,
  minutes: number = RESET_TOKEN_MINUTES,
): Promise<string> {
  await voidResetTokens(db, accountId);
  const token = newToken();
  await db.query(
    `INSERT INTO password_reset_tokens (account_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [accountId, hashToken(token), minutes],
  );
  return token;
}

/** Voids every unused reset token of the account. */
export async function voidResetTokens(db: Queryable, accountId: string) {
  await db.query(
    'UPDATE password_reset_tokens SET used_at = now() WHERE account_id = $1 AND used_at IS NULL',
    [accountId],
  );
}

/**
 * The account behind a live (unused, unexpired) reset token, or null. With `lock`, the token
 * row is locked for the transaction that spends it.
 */
export async function findResetTokenAccount(
  db: Queryable,
  token: string,
  { lock }: { lock: boolean },
): Promise<string | null> {
  const { rows } = await db.query<{ account_id: string }>(
    `SELECT account_id FROM password_reset_tokens
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
    [hashToken(token)],
  );
  return rows[0]?.account_id ?? null;
}
