import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';
import { AppError } from '../../core/app-error';

type LimitConfig = Pick<
  Config,
  'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerAddress' | 'loginFailureWindowMinutes'
>;

/**
 * Refuses a sign-in with 429 when the account (by the email tried) or the client address has
 * failed too often within the window. Checked before the password, so guessing stops there.
 */
export async function assertSignInAllowed(
  db: Queryable,
  identifier: string,
  clientIp: string,
  config: LimitConfig,
): Promise<void> {
  const { rows } = await db.query<{ by_identifier: bigint; by_address: bigint }>(
    `SELECT count(*) FILTER (WHERE identifier = $1) AS by_identifier,
            count(*) FILTER (WHERE client_ip = $2) AS by_address
       FROM sign_in_failures
      WHERE (identifier = $1 OR client_ip = $2)
        AND created_at > now() - make_interval(mins => $3)`,
    [identifier, clientIp, config.loginFailureWindowMinutes],
  );
  const counts = rows[0];
  const minutes = config.loginFailureWindowMinutes;
  if (counts && counts.by_identifier >= BigInt(config.loginMaxFailuresPerAccount)) {
    throw new AppError(
      'TOO_MANY',
      `Too many failed sign-ins for this account, try again in ${minutes} minutes`,
    );
  }
  if (counts && counts.by_address >= BigInt(config.loginMaxFailuresPerAddress)) {
    throw new AppError(
      'TOO_MANY',
      `Too many failed sign-ins from your address, try again in ${minutes} minutes`,
    );
  }
}

export async function recordSignInFailure(db: Queryable, identifier: string, clientIp: string) {
  await db.query('INSERT INTO sign_in_failures (identifier, client_ip) VALUES ($1, $2)', [
    identifier,
    clientIp,
  ]);
}
