import type { Queryable } from '../../db/db';
import { notAllowed, notFound } from '../../core/app-error';
import type { Actor } from '../../core/context';

/**
 * A SQL condition limiting rows to what `actor` may see: everything for an admin, its own rows
 * for a merchant, its own and its merchants' for a reseller (sub-accounts see their parent's).
 * Pushes its parameter onto `params`.
 */
export function scopeCondition(
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  columns: { merchant?: string; reseller?: string },
  params: unknown[],
): string {
  if (actor.accountType === 'admin') return 'TRUE';
  params.push(actor.scopeAccountId);
  const n = `$${params.length}`;
  if (actor.accountType === 'merchant')
    return columns.merchant ? `${columns.merchant} = ${n}` : 'FALSE';
  // A reseller's merchants are found through accounts, so the merchant index serves the list.
  const own = [
    ...(columns.merchant
      ? [`${columns.merchant} IN (SELECT id FROM accounts WHERE reseller_account_id = ${n})`]
      : []),
    ...(columns.reseller && !columns.merchant ? [`${columns.reseller} = ${n}`] : []),
  ];
  return own.length ? `(${own.join(' OR ')})` : 'FALSE';
}

/**
 * The ids of a parent's children the actor may see (a pay-in's refunds or disputes: rows of
 * `table` with the owner columns, whose `parentColumn` names the parent), oldest first, at most
 * `limit` (the latest ones when there are more): what the parent's timeline shows of them.
 */
export async function childIdsInScope(
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  child: { readonly table: string; readonly alias: string; readonly parentColumn: string },
  parentId: string,
  limit: number,
): Promise<string[]> {
  const c = child.alias;
  const params: unknown[] = [parentId];
  const scope = scopeCondition(
    actor,
    { merchant: `${c}.merchant_account_id`, reseller: `${c}.reseller_account_id` },
    params,
  );
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM (SELECT ${c}.id, ${c}.created_at FROM ${child.table} ${c}
        WHERE ${c}.${child.parentColumn} = $1 AND ${scope}
        ORDER BY ${c}.created_at DESC, ${c}.id DESC LIMIT ${Math.trunc(limit)}) latest
      ORDER BY created_at, id`,
    params,
  );
  return rows.map((r) => r.id);
}

/** Refuses anyone but an admin (decisions on money leaving). */
export function requireAdmin(actor: Pick<Actor, 'accountType'>): void {
  if (actor.accountType !== 'admin') throw notAllowed('Only an admin can decide on this');
}

/** Refuses anyone but a merchant (requests made on the merchant's own balance). */
export function requireMerchant(actor: Pick<Actor, 'accountType'>): void {
  if (actor.accountType !== 'merchant') throw notAllowed('Only a merchant can ask for this');
}

export interface ScopedAccount {
  id: string;
  account_db_code: string;
  account_type: 'admin' | 'reseller' | 'merchant';
  name: string;
  reseller_account_id: string | null;
}

/**
 * The top-level account named by `code` if `actor` may see it (itself, a reseller's merchant,
 * anyone for an admin); otherwise not found, so nothing outside the scope is revealed.
 */
export async function findAccountInScope(
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  code: string,
): Promise<ScopedAccount> {
  const { rows } = await db.query<ScopedAccount>(
    `SELECT id, account_db_code, account_type, name, reseller_account_id FROM accounts
      WHERE account_db_code = $1 AND parent_account_id IS NULL`,
    [code],
  );
  const a = rows[0];
  const visible =
    a &&
    (actor.accountType === 'admin' ||
      a.id === actor.scopeAccountId ||
      (actor.accountType === 'reseller' && a.reseller_account_id === actor.scopeAccountId));
  if (!visible) throw notFound(`No account has the code ${code}`);
  return a;
}

/** The page window of a list request. */
export const pageWindow = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * The merchant and reseller code filters of a table whose rows carry `merchant_account_id` and
 * `reseller_account_id` under `alias`: the code is turned into the id once, so the owner
 * indexes serve the filter.
 */
export const ownerCodeConditions = (alias: string) => ({
  merchant: `${alias}.merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = ? AND parent_account_id IS NULL)`,
  reseller: `${alias}.reseller_account_id = (SELECT id FROM accounts WHERE account_db_code = ? AND parent_account_id IS NULL)`,
});

export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
