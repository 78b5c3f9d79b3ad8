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

/**
 * One page of a scoped list: the total and the rows of `FROM ... WHERE all of where`, newest
 * first. Every money list (pay-ins, pay-outs, ...) pages the same way through this.
 */
export async function findListPage<R>(
  db: Queryable,
  sql: { columns: string; from: string; order?: string },
  where: readonly string[],
  params: readonly unknown[],
  window: { limit: number; offset: number },
): Promise<{ rows: R[]; total: number }> {
  const clause = where.join(' AND ');
  const total = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n ${sql.from} WHERE ${clause}`,
    params,
  );
  const { rows } = await db.query<R>(
    `SELECT ${sql.columns} ${sql.from} WHERE ${clause} ORDER BY ${sql.order ?? 'p.created_at DESC, p.id'}
      LIMIT ${Math.trunc(window.limit)} OFFSET ${Math.trunc(window.offset)}`,
    params,
  );
  return { rows, total: Number(total.rows[0]?.n ?? 0n) };
}

/** The page window of a list request. */
export const pageWindow = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** Appends the usual list filters (currency, merchant code, dates) to `where`. */
export function addListFilters(
  where: string[],
  params: unknown[],
  alias: string,
  input: { currency?: string; merchantDbCode?: string; from?: string; to?: string },
  merchantCodeColumn = 'm.account_db_code',
) {
  if (input.currency) {
    params.push(input.currency);
    where.push(`${alias}.currency = $${params.length}`);
  }
  if (input.merchantDbCode) {
    params.push(input.merchantDbCode);
    where.push(`${merchantCodeColumn} = $${params.length}`);
  }
  if (input.from) {
    params.push(new Date(input.from).toISOString());
    where.push(`${alias}.created_at >= $${params.length}`);
  }
  if (input.to) {
    params.push(new Date(input.to).toISOString());
    where.push(`${alias}.created_at <= $${params.length}`);
  }
}

export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
