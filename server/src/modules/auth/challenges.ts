import type { SignInStep } from '@bo/contract';
import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';
import { sessionInvalid } from '../../core/app-error';
import { hashToken, newToken } from './tokens';

export const MAX_CHALLENGE_FAILURES = 5;

/** Opens a short-lived sign-in step for the account; returns its token and expiry. */
export async function openChallenge(
  db: Queryable,
  accountId: string,
  step: SignInStep,
  clientIp: string,
  config: Pick<Config, 'signInChallengeMinutes'>,
) {
  const token = newToken();
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO sign_in_challenges (account_id, token_hash, step, expires_at, client_ip)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4), $5) RETURNING expires_at`,
    [accountId, hashToken(token), step, config.signInChallengeMinutes, clientIp],
  );
  return { token, expiresAt: rows[0]!.expires_at };
}

export interface OpenChallenge {
  id: string;
  account_id: string;
  failed_attempts: number;
}

/**
 * Locks the live challenge of this step behind the token; a 440 sends the user back to sign
 * in when it is unknown, used, expired or of another step.
 */
export async function takeChallenge(
  db: Queryable,
  token: string,
  step: SignInStep,
): Promise<OpenChallenge> {
  const { rows } = await db.query<OpenChallenge>(
    `SELECT id, account_id, failed_attempts FROM sign_in_challenges
      WHERE token_hash = $1 AND step = $2 AND used_at IS NULL AND expires_at > now()
      FOR UPDATE`,
    [hashToken(token), step],
  );
  if (!rows[0]) throw sessionInvalid('This sign-in step has expired, please sign in again');
  return rows[0];
}

export async function closeChallenge(db: Queryable, id: string) {
  await db.query('UPDATE sign_in_challenges SET used_at = now() WHERE id = $1', [id]);
}

/** Counts a wrong answer; the challenge closes after too many. Returns true when closed. */
export async function countChallengeFailure(
  db: Queryable,
  challenge: OpenChallenge,
): Promise<boolean> {
  const closes = challenge.failed_attempts + 1 >= MAX_CHALLENGE_FAILURES;
  await db.query(
    `UPDATE sign_in_challenges SET failed_attempts = failed_attempts + 1,
       used_at = CASE WHEN $2 THEN now() ELSE used_at END WHERE id = $1`,
    [challenge.id, closes],
  );
  return closes;
}
