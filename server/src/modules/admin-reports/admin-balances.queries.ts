import type { Queryable } from '../../db/db';
import { currentBalanceSql, type Purpose } from '../../ledger/ledger-accounts';
import { balancesAtRows } from '../../ledger/report-sources';
import { containsPattern } from '../../db/like-patterns';

/** A ledger account's balance at an instant, with whose and what for it is. */
export interface LedgerBalanceRow {
  readonly ledger_account_id: string;
  readonly owner_kind: string;
  readonly owner_id: string;
  readonly currency: string;
  /** The column is text; the ledger writes only its own purposes (`PURPOSES`). */
  readonly purpose: Purpose;
  readonly balance: bigint;
}

/**
 * Every ledger account's balance at `instant` (accounts with no entry before it: zero), or
 * `now`: the current balance each account keeps (`currentBalanceSql`; `ledger:check` holds it
 * equal to the sum of its entries), which reads no entry at all.
 */
export async function ledgerBalancesAt(
  db: Queryable,
  instant: Date | 'now',
  currency: string | undefined,
): Promise<LedgerBalanceRow[]> {
  const part =
    instant === 'now'
      ? {
          sql: `SELECT la.id AS ledger_account_id, ${currentBalanceSql('la')} AS balance FROM ledger_accounts la`,
          params: [],
        }
      : balancesAtRows(instant, null);
  const n = part.params.length;
  const { rows } = await db.query<LedgerBalanceRow>(
    `SELECT la.id::text AS ledger_account_id, la.owner_kind, la.owner_id::text AS owner_id,
            la.currency, la.purpose, coalesce(b.balance, 0)::bigint AS balance
       FROM ledger_accounts la LEFT JOIN (${part.sql}) b ON b.ledger_account_id = la.id
      WHERE ($${n + 1}::text IS NULL OR la.currency = $${n + 1})
      ORDER BY la.currency`,
    [...part.params, currency ?? null],
  );
  return rows;
}

/** Merchants and resellers (main accounts) by id, filtered by a search on code or name. */
export async function tenantsMatching(
  db: Queryable,
  search: string | undefined,
): Promise<
  Map<string, { id: string; account_db_code: string; name: string; account_type: string }>
> {
  const { rows } = await db.query<{
    id: string;
    account_db_code: string;
    name: string;
    account_type: string;
  }>(
    `SELECT id::text AS id, account_db_code, name, account_type FROM accounts
      WHERE account_type IN ('merchant', 'reseller') AND parent_account_id IS NULL
        AND ($1::text IS NULL OR account_db_code ILIKE $1 OR name ILIKE $1)`,
    [search ? containsPattern(search) : null],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
