import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';
import { AppError } from '../../core/app-error';
import { readPlatformSettings } from '../app-settings/settings.service';

/** What is counted per email and per address: failed sign-ins, forgot-password requests. */
type LimitedTable = 'sign_in_failures' | 'password_reset_requests';

const REFUSALS: Record<LimitedTable, { identifier: string; address: string }> = {
  sign_in_failures: {
    identifier: 'Too many failed sign-ins for this account',
    address: 'Too many failed sign-ins from your address',
  },
  password_reset_requests: {
    identifier: 'Too many password reset requests for this email',
    address: 'Too many password reset requests from your address',
  },
};

/** How often the email has counted within the window, and how often it may. */
export interface IdentifierCount {
  readonly count: bigint;
  readonly limit: bigint;
}

/**
 * Refuses with 429 when the email (`identifier`) or the client address has counted too often
 * in `table` within the window. The limits and the window are the sign-in's platform settings
 * (general settings over the environment), for sign-in failures and forgot-password requests alike.
 * Answers the email's count, still below its limit.
 */
async function assertWithinLimits(
  db: Queryable,
  table: LimitedTable,
  identifier: string,
  clientIp: string,
  config: Config,
): Promise<IdentifierCount> {
  const limits = await readPlatformSettings(db, config);
  const minutes = limits.login_failure_window_minutes;
  const { rows } = await db.query<{ by_identifier: bigint; by_address: bigint }>(
    `SELECT count(*) FILTER (WHERE identifier = $1) AS by_identifier,
            count(*) FILTER (WHERE client_ip = $2) AS by_address
       FROM ${table}
      WHERE (identifier = $1 OR client_ip = $2)
        AND created_at > now() - make_interval(mins => $3)`,
    [identifier, clientIp, minutes],
  );
  const byIdentifier = BigInt(rows[0]?.by_identifier ?? 0n);
  const byAddress = BigInt(rows[0]?.by_address ?? 0n);
  const limit = BigInt(limits.login_max_failures_per_account);
  const refusal = REFUSALS[table];
  if (byIdentifier >= limit) {
    throw new AppError('TOO_MANY', `${refusal.identifier}, try again in ${minutes} minutes`);
  }
  if (byAddress >= BigInt(limits.login_max_failures_per_address)) {
    throw new AppError('TOO_MANY', `${refusal.address}, try again in ${minutes} minutes`);
  }
  return { count: byIdentifier, limit };
}

/**
 * Refuses a sign-in with 429 when the account (by the email tried) or the client address has
 * failed too often within the window. Checked before the password, so guessing stops there.
 * Answers the account's failures so far, below its limit.
 */
export const assertSignInAllowed = (
  db: Queryable,
  identifier: string,
  clientIp: string,
  config: Config,
) => assertWithinLimits(db, 'sign_in_failures', identifier, clientIp, config);

/** Counts a failed sign-in (a wrong password, a refused address, a wrong code) for both. */
export async function recordSignInFailure(db: Queryable, identifier: string, clientIp: string) {
  await db.query('INSERT INTO sign_in_failures (identifier, client_ip) VALUES ($1, $2)', [
    identifier,
    clientIp,
  ]);
}

/**
 * Counts a forgot-password request for the email and the address, refusing it with 429 once
 * either has asked as often as a sign-in may fail within the window.
 */
export async function countPasswordResetRequest(
  db: Queryable,
  identifier: string,
  clientIp: string,
  config: Config,
) {
  await assertWithinLimits(db, 'password_reset_requests', identifier, clientIp, config);
  await db.query('INSERT INTO password_reset_requests (identifier, client_ip) VALUES ($1, $2)', [
    identifier,
    clientIp,
  ]);
}
