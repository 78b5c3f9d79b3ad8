import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';
import { AppError } from '../../core/app-error';
import { readPlatformSettings } from '../app-settings/settings.service';

/**
 * Refuses a sign-in with 429 when the account (by the email tried) or the client address has
 * failed too often within the window. Checked before the password, so guessing stops there.
 * The limits and the window are platform settings (general settings over the environment).
 */
export async function assertSignInAllowed(
  db: Queryable,
  identifier: string,
  clientIp: string,
  config: Config,
): Promise<void> {
  const limits = await readPlatformSettings(db, config);
  const minutes = limits.login_failure_window_minutes;
  const { rows } = await db.query<{ by_identifier: bigint; by_address: bigint }>(
    `SELECT count(*) FILTER (WHERE identifier = $1) AS by_identifier,
            count(*) FILTER (WHERE client_ip = $2) AS by_address
       FROM sign_in_failures
      WHERE (identifier = $1 OR client_ip = $2)
        AND created_at > now() - make_interval(mins => $3)`,
    [identifier, clientIp, minutes],
  );
  const counts = rows[0];
  if (counts && counts.by_identifier >= BigInt(limits.login_max_failures_per_account)) {
    throw new AppError(
      'TOO_MANY',
      `Too many failed sign-ins for this account, try again in ${minutes} minutes`,
    );
  }
  if (counts && counts.by_address >= BigInt(limits.login_max_failures_per_address)) {
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
