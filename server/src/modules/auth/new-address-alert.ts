import type { Queryable } from '../../db/db';
import type { CallContext } from '../../core/context';
import { queueSecurityAlert } from '../mail/mail.service';

/** How far back a sign-in address counts as known: one not used for longer is new again. */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * Before a session is made: when the account signs in from an address none of its sessions of
 * the last 90 days came from, queues the security alert 'new_sign_in_address' in the session's
 * transaction. An account's very first sign-in is not alerted (there is no address to compare
 * with), nor one without a known client address.
 */
export async function alertIfNewAddress(tx: Queryable, ctx: CallContext, accountId: string) {
  if (!ctx.clientIp) return;
  const { rows } = await tx.query<{ any_session: boolean; known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM sessions WHERE account_id = $1) AS any_session,
            EXISTS (SELECT 1 FROM sessions WHERE account_id = $1 AND client_ip = $2
                      AND created_at > now() - make_interval(days => $3)) AS known`,
    [accountId, ctx.clientIp, KNOWN_ADDRESS_DAYS],
  );
  const { any_session: anySession, known } = rows[0]!;
  if (!anySession || known) return;
  await queueSecurityAlert(tx, ctx.config, accountId, 'new_sign_in_address', {
    at: new Date(),
    clientIp: ctx.clientIp,
  });
}
