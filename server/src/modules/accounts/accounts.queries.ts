import type { AccountType, Language, ModuleName, TimezoneChoice } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** An account row as the server works with it (secrets included; never sent as is). */
export interface AccountRow {
  id: string;
  account_db_code: string;
  account_type: AccountType;
  parent_account_id: string | null;
  reseller_account_id: string | null;
  email: string;
  username: string;
  name: string;
  phone: string;
  telegram_id: string;
  lang: Language;
  timezone: TimezoneChoice;
  password_hash: string;
  must_change_password: boolean;
  otp_enabled: boolean;
  otp_secret: string | null;
  otp_pending_secret: string | null;
  otp_last_step: bigint;
  login_ip_enabled: boolean;
  layout_settings: Record<string, string>;
  is_demo: boolean;
  status: 'active' | 'disabled';
  created_at: Date;
}

const ACCOUNT_COLUMNS = `a.id, a.account_db_code, a.account_type, a.parent_account_id, a.reseller_account_id,
  a.email, a.username, a.name, a.phone, a.telegram_id, a.lang, a.timezone, a.password_hash,
  a.must_change_password, a.otp_enabled, a.otp_secret, a.otp_pending_secret, a.otp_last_step,
  a.login_ip_enabled, a.layout_settings, a.is_demo, a.status, a.created_at`;

export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE lower(a.email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findAccountById(db: Queryable, id: string): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Locks the account row for the rest of the transaction (security changes). */
export async function lockAccount(db: Queryable, id: string): Promise<AccountRow> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw new Error(`account ${id} vanished`);
  return rows[0];
}

export async function findAccountByCode(db: Queryable, code: string): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.account_db_code = $1`,
    [code],
  );
  return rows[0] ?? null;
}

export async function findModules(db: Queryable, accountId: string): Promise<ModuleName[]> {
  const { rows } = await db.query<{ module: ModuleName }>(
    'SELECT module FROM account_modules WHERE account_id = $1 ORDER BY module',
    [accountId],
  );
  return rows.map((r) => r.module);
}

export async function findAccountCode(db: Queryable, id: string | null): Promise<string> {
  if (!id) return '';
  const { rows } = await db.query<{ account_db_code: string }>(
    'SELECT account_db_code FROM accounts WHERE id = $1',
    [id],
  );
  return rows[0]?.account_db_code ?? '';
}

export interface NewAccount {
  accountDbCode: string;
  accountType: AccountType;
  parentAccountId?: string | null;
  resellerAccountId?: string | null;
  email: string;
  username: string;
  name: string;
  phone?: string;
  telegramId?: string;
  passwordHash: string;
  mustChangePassword: boolean;
  isDemo?: boolean;
  createdBy?: string | null;
  modules: readonly ModuleName[];
  currencies?: readonly string[];
}

/** Inserts an account with its modules and currencies; returns the new id. */
export async function insertAccount(db: Queryable, a: NewAccount): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO accounts (account_db_code, account_type, parent_account_id, reseller_account_id,
       email, username, name, phone, password_hash, must_change_password, is_demo, created_by, telegram_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      a.accountDbCode,
      a.accountType,
      a.parentAccountId ?? null,
      a.resellerAccountId ?? null,
      a.email,
      a.username,
      a.name,
      a.phone ?? '',
      a.passwordHash,
      a.mustChangePassword,
      a.isDemo ?? false,
      a.createdBy ?? null,
      a.telegramId ?? '',
    ],
  );
  const id = rows[0]!.id;
  await replaceAccountModules(db, id, a.modules);
  await replaceAccountCurrencies(db, id, a.currencies ?? []);
  return id;
}

/** Sets an account's modules to exactly `modules`. */
export async function replaceAccountModules(
  db: Queryable,
  accountId: string,
  modules: readonly ModuleName[],
): Promise<void> {
  await db.query('DELETE FROM account_modules WHERE account_id = $1', [accountId]);
  if (!modules.length) return;
  await db.query('INSERT INTO account_modules (account_id, module) SELECT $1, unnest($2::text[])', [
    accountId,
    [...new Set(modules)],
  ]);
}

/** Sets the currencies an account works in to exactly `currencies`. */
export async function replaceAccountCurrencies(
  db: Queryable,
  accountId: string,
  currencies: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM account_currencies WHERE account_id = $1', [accountId]);
  if (!currencies.length) return;
  await db.query(
    'INSERT INTO account_currencies (account_id, currency) SELECT $1, unnest($2::text[])',
    [accountId, [...new Set(currencies)]],
  );
}

/** The profile fields an admin (or a merchant's reseller) may change. */
export interface AccountProfileChange {
  name: string;
  email: string;
  phone: string;
  telegramId: string;
}

/** Writes an account's profile fields. */
export async function updateAccountProfile(
  db: Queryable,
  accountId: string,
  change: AccountProfileChange,
): Promise<void> {
  await db.query(
    `UPDATE accounts SET name = $2, email = $3, phone = $4, telegram_id = $5, updated_at = now()
      WHERE id = $1`,
    [accountId, change.name, change.email, change.phone, change.telegramId],
  );
}

/** Sets an account active or disabled. */
export async function updateAccountStatus(
  db: Queryable,
  accountId: string,
  status: AccountRow['status'],
): Promise<void> {
  await db.query('UPDATE accounts SET status = $2, updated_at = now() WHERE id = $1', [
    accountId,
    status,
  ]);
}

/** Turns 2FA off (secrets and recovery codes gone), so the account sets it up again. */
export async function clearAccountOtp(db: Queryable, accountId: string): Promise<void> {
  await db.query(
    `UPDATE accounts SET otp_enabled = false, otp_secret = NULL, otp_pending_secret = NULL,
       updated_at = now() WHERE id = $1`,
    [accountId],
  );
  await db.query('DELETE FROM otp_recovery_codes WHERE account_id = $1', [accountId]);
}

/** The ids of an account's sub-accounts. */
export async function findSubAccountIds(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM accounts WHERE parent_account_id = $1',
    [accountId],
  );
  return rows.map((r) => r.id);
}

/** True when another account than `exceptId` has this email. */
export async function isEmailTakenByOther(db: Queryable, email: string, exceptId: string) {
  const { rows } = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND id <> $2) AS taken',
    [email, exceptId],
  );
  return rows[0]?.taken === true;
}

/** True when an account with this email or username exists. */
export async function isEmailOrUsernameTaken(db: Queryable, email: string, username: string) {
  const { rows } = await db.query<{ email_taken: boolean; username_taken: boolean }>(
    `SELECT bool_or(lower(email) = lower($1)) AS email_taken, bool_or(lower(username) = lower($2)) AS username_taken
       FROM accounts WHERE lower(email) = lower($1) OR lower(username) = lower($2)`,
    [email, username],
  );
  return {
    emailTaken: rows[0]?.email_taken === true,
    usernameTaken: rows[0]?.username_taken === true,
  };
}
