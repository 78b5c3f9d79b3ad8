import { SUB_ACCOUNT_STATUSES, type ModuleName, type SubAccountStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { effectiveModulesSql } from '../accounts/effective-modules';
import { defineScopedList } from '../scoped-lists/list-query';

/** A sub-account as the list reads it. */
export interface SubAccountRecord {
  id: string;
  account_db_code: string;
  name: string;
  username: string;
  email: string;
  modules: ModuleName[];
  status: SubAccountStatus;
  must_change_password: boolean;
  otp_enabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/**
 * A caller's sub-accounts. The scope column is the parent: the service reads the list with the
 * caller as the parent (`asParent`), so every account type sees its own sub-accounts only.
 * Modules are the effective ones (its own that the parent still holds).
 */
export const subAccountList = defineScopedList<SubAccountRecord>({
  from: 'FROM accounts s',
  columns: `s.id, s.account_db_code, s.name, s.username, s.email, ${effectiveModulesSql('s')} AS modules,
            s.status, s.must_change_password, s.otp_enabled, s.created_at,
            (SELECT max(x.created_at) FROM sessions x WHERE x.account_id = s.id) AS last_sign_in_at`,
  alias: 's',
  scope: { merchant: 's.parent_account_id' },
  codes: {},
  statuses: SUB_ACCOUNT_STATUSES,
  search: { ids: ['s.id'], texts: ['s.account_db_code', 's.username', 's.email', 's.name'] },
  sorts: { created_at: 's.created_at', username: 's.username', name: 's.name' },
  defaultSort: 'created_at',
});

/**
 * Locks the sub-account `id` of `parentAccountId` for the rest of the transaction; false when
 * there is no such sub-account of that parent.
 */
export async function lockSubAccountOf(
  db: Queryable,
  parentAccountId: string,
  id: string,
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM accounts WHERE id = $1 AND parent_account_id = $2 FOR UPDATE',
    [id, parentAccountId],
  );
  return rows.length > 0;
}

/** Replaces the account's own modules with `modules`. */
export async function replaceModules(
  db: Queryable,
  accountId: string,
  modules: readonly ModuleName[],
): Promise<void> {
  await db.query('DELETE FROM account_modules WHERE account_id = $1', [accountId]);
  await db.query('INSERT INTO account_modules (account_id, module) SELECT $1, unnest($2::text[])', [
    accountId,
    [...modules],
  ]);
  await db.query('UPDATE accounts SET updated_at = now() WHERE id = $1', [accountId]);
}

export async function updateStatus(
  db: Queryable,
  accountId: string,
  status: SubAccountStatus,
): Promise<void> {
  await db.query('UPDATE accounts SET status = $2, updated_at = now() WHERE id = $1', [
    accountId,
    status,
  ]);
}

/** Sets a temporary password: the account must choose its own at its next sign-in. */
export async function setTemporaryPassword(
  db: Queryable,
  accountId: string,
  passwordHash: string,
): Promise<void> {
  await db.query(
    `UPDATE accounts SET password_hash = $2, must_change_password = true, updated_at = now()
      WHERE id = $1`,
    [accountId, passwordHash],
  );
}

/** Closes the account's sign-in steps still open, so none started before a change completes. */
export async function closeOpenSignInSteps(db: Queryable, accountId: string): Promise<void> {
  await db.query(
    'UPDATE sign_in_challenges SET used_at = now() WHERE account_id = $1 AND used_at IS NULL',
    [accountId],
  );
}
