import type { Queryable } from '../../db/db';
import type { AccountRow } from '../accounts/accounts.service';
import { hashToken } from './tokens';
import { matchTotpStep, newRecoveryCodes, normalizeRecoveryCode } from './totp';

/**
 * Checks a one-time code for an account with 2FA on: a TOTP code not used before, or (when
 * allowed) an unused recovery code, which is then spent. Call inside the transaction that acts
 * on the result, with the account row locked.
 */
export async function verifySecondFactor(
  db: Queryable,
  account: AccountRow,
  code: string,
  options: { allowRecoveryCode: boolean },
): Promise<'totp' | 'recovery' | null> {
  if (account.otp_secret) {
    const step = matchTotpStep(account.otp_secret, code);
    if (step !== null && BigInt(step) > account.otp_last_step) {
      await db.query('UPDATE accounts SET otp_last_step = $2 WHERE id = $1', [account.id, step]);
      return 'totp';
    }
  }
  if (!options.allowRecoveryCode) return null;
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return null;
  const { rowCount } = await db.query(
    `UPDATE otp_recovery_codes SET used_at = now()
      WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [account.id, hashToken(normalized)],
  );
  return rowCount === 1 ? 'recovery' : null;
}

/** Replaces the account's recovery codes with new ones and returns them (shown once). */
export async function replaceRecoveryCodes(db: Queryable, accountId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.query('DELETE FROM otp_recovery_codes WHERE account_id = $1', [accountId]);
  await db.query(
    `INSERT INTO otp_recovery_codes (account_id, code_hash) SELECT $1, unnest($2::bytea[])`,
    [accountId, codes.map((c) => hashToken(normalizeRecoveryCode(c)))],
  );
  return codes;
}

/**
 * Turns 2FA on with the secret set up and confirmed by a code of `step` (set-up on /security,
 * or the sign-in step the team requires): the pending secret becomes the secret, and new
 * recovery codes are answered (shown once).
 */
export async function turnOtpOn(
  db: Queryable,
  accountId: string,
  step: number | null,
): Promise<string[]> {
  await db.query(
    `UPDATE accounts SET otp_enabled = true, otp_secret = otp_pending_secret, otp_pending_secret = NULL,
       otp_last_step = $2, updated_at = now() WHERE id = $1`,
    [accountId, step],
  );
  return replaceRecoveryCodes(db, accountId);
}
