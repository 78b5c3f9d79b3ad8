import type { AccountType } from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';

/** A tenant as the profit reports name it. */
export interface ReportAccount {
  readonly id: string;
  readonly account_db_code: string;
  readonly name: string;
  readonly account_type: AccountType;
  readonly reseller_account_id: string | null;
}

const COLUMNS = `id::text AS id, account_db_code, name, account_type, reseller_account_id::text AS reseller_account_id`;

/** Main accounts (not sub-accounts) by id. */
export async function accountsByIds(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, ReportAccount>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ReportAccount>(
    `SELECT ${COLUMNS} FROM accounts WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const accountBy = async (db: Queryable, column: 'id' | 'account_db_code', value: string) =>
  (
    await db.query<ReportAccount>(
      `SELECT ${COLUMNS} FROM accounts WHERE ${column === 'id' ? 'id = $1::uuid' : 'account_db_code = $1'} AND parent_account_id IS NULL`,
      [value],
    )
  ).rows[0];

/** A reseller's merchants (main accounts). */
export async function merchantIdsOf(db: Queryable, resellerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM accounts
      WHERE reseller_account_id = $1::uuid AND parent_account_id IS NULL AND account_type = 'merchant'`,
    [resellerId],
  );
  return rows.map((r) => r.id);
}

/** Whether the caller may read a tenant's figures: an admin any, others itself or its merchants. */
function mayRead(ctx: Pick<UserCallContext, 'actor'>, account: ReportAccount): boolean {
  const { accountType, scopeAccountId } = ctx.actor;
  if (accountType === 'admin') return true;
  if (account.id === scopeAccountId) return true;
  return accountType === 'reseller' && account.reseller_account_id === scopeAccountId;
}

/**
 * The tenant a report filter or route names, if the caller may read it and it is of the
 * expected type; else 404 naming the field (an account out of scope is not revealed).
 */
export async function accountInScope(
  ctx: Pick<UserCallContext, 'db' | 'actor'>,
  field: string,
  by: 'id' | 'account_db_code',
  value: string,
  types: readonly AccountType[],
): Promise<ReportAccount> {
  const account = await accountBy(ctx.db, by, value);
  if (!account || !types.includes(account.account_type) || !mayRead(ctx, account))
    throw notFound(`${field}: no such account`);
  return account;
}

/**
 * The tenants whose figures a tenant stands for: a reseller itself (its own adjustments) and
 * its merchants, a merchant itself.
 */
export const tenantsOf = async (db: Queryable, account: ReportAccount) =>
  account.account_type === 'reseller'
    ? [account.id, ...(await merchantIdsOf(db, account.id))]
    : [account.id];
