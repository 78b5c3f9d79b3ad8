import type { Queryable } from '../../db/db';
import { currentBalanceSql } from '../../ledger/ledger-accounts';
import { balancesAtRows } from '../../ledger/report-sources';

/** A ledger account's balance at an instant, with whose and what for it is. */
export interface LedgerBalanceRow {
  readonly ledger_account_id: string;
  readonly owner_kind: string;
  readonly owner_id: string;
  readonly currency: string;
  readonly purpose: string;
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
    [search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Merchant contract accounts (main merchants), by merchant code and currency, filtered: one a
 * merchant and currency, since the ledger keeps one account for them whatever the gateways and
 * versions of its contracts; the row names the latest contract, as the ledger's picker does
 * (`ledgerContractChoices`).
 */
export async function contractsMatching(
  db: Queryable,
  input: { currency?: string; search?: string; merchantDbCode?: string },
) {
  const { rows } = await db.query<{
    contract_id: string;
    merchant_id: string;
    merchant_db_code: string;
    merchant_name: string;
    currency: string;
  }>(
    `SELECT DISTINCT ON (a.account_db_code, c.currency)
            c.id::text AS contract_id, a.id::text AS merchant_id, a.account_db_code AS merchant_db_code,
            a.name AS merchant_name, c.currency
       FROM contracts c JOIN accounts a ON a.id = c.merchant_account_id
      WHERE a.parent_account_id IS NULL
        AND ($1::text IS NULL OR c.currency = $1)
        AND ($2::text IS NULL OR a.account_db_code = $2)
        AND ($3::text IS NULL OR a.account_db_code ILIKE $3 OR a.name ILIKE $3)
      ORDER BY a.account_db_code, c.currency, c.version DESC, c.created_at DESC`,
    [
      input.currency ?? null,
      input.merchantDbCode ?? null,
      input.search ? `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    ],
  );
  return rows;
}
