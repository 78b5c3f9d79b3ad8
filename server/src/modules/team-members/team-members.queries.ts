import type { AccountStatus, ModuleName } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** An admin of the team as the team screen lists them. */
export interface TeamMemberRecord {
  id: string;
  account_db_code: string;
  email: string;
  username: string;
  name: string;
  modules: ModuleName[];
  status: AccountStatus;
  otp_enabled: boolean;
  invitation_open: boolean;
  created_at: Date;
}

const MEMBER_COLUMNS = `a.id, a.account_db_code, a.email, a.username, a.name, a.status, a.otp_enabled,
  a.created_at,
  ARRAY(SELECT m.module FROM account_modules m WHERE m.account_id = a.id ORDER BY m.module) AS modules,
  EXISTS (SELECT 1 FROM password_reset_tokens t
           WHERE t.account_id = a.id AND t.used_at IS NULL AND t.expires_at > now()
             AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id)) AS invitation_open`;

/** Every admin (sub-accounts aside), oldest first. */
export async function findTeamMembers(db: Queryable): Promise<TeamMemberRecord[]> {
  const { rows } = await db.query<TeamMemberRecord>(
    `SELECT ${MEMBER_COLUMNS} FROM accounts a
      WHERE a.account_type = 'admin' AND a.parent_account_id IS NULL
      ORDER BY a.created_at, a.id`,
  );
  return rows;
}

/** The admin (not a sub-account) with the code, or null. */
export async function findTeamMember(
  db: Queryable,
  code: string,
): Promise<TeamMemberRecord | null> {
  const { rows } = await db.query<TeamMemberRecord>(
    `SELECT ${MEMBER_COLUMNS} FROM accounts a
      WHERE a.account_db_code = $1 AND a.account_type = 'admin' AND a.parent_account_id IS NULL`,
    [code],
  );
  return rows[0] ?? null;
}
