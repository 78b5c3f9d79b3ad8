import type { Queryable } from '../../db/db';

/** True when the address is within one of the account's whitelisted addresses or networks. */
export async function isAddressWhitelisted(db: Queryable, accountId: string, clientIp: string) {
  if (!clientIp) return false;
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM login_ips WHERE account_id = $1 AND $2::inet <<= ip) AS ok`,
    [accountId, clientIp],
  );
  return rows[0]?.ok === true;
}
