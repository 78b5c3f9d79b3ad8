import type { Queryable } from '../db/db';
import type { Purpose } from './ledger-accounts';
import { balancesAtRows } from './report-sources';

/** One of an owner's ledger accounts and its balance at an instant. */
export interface OwnerBalanceAt {
  readonly currency: string;
  readonly purpose: Purpose;
  readonly balance: bigint;
}

/**
 * Each of a merchant's or reseller's ledger accounts (`cachedOnly`: those that keep a balance,
 * as the merchant API shows them) in `currency` or all, with its balance at `instant`: the sum
 * of its entries before it, from the rollups and that part-day's entries (`balancesAtRows`),
 * however old the instant (issue 44). Accounts opened after it read zero. In currency order.
 */
export async function ownerBalancesAtInstant(
  db: Queryable,
  ownerId: string,
  instant: Date,
  { currency, cachedOnly = false }: { currency?: string; cachedOnly?: boolean } = {},
): Promise<OwnerBalanceAt[]> {
  const { rows: accounts } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ledger_accounts
      WHERE owner_kind = 'account' AND owner_id = $1 AND ($2::text IS NULL OR currency = $2)
        AND (is_cached OR NOT $3::boolean)`,
    [ownerId, currency ?? null, cachedOnly],
  );
  if (!accounts.length) return [];
  const ids = accounts.map((a) => a.id);
  const part = balancesAtRows(instant, ids);
  const n = part.params.length;
  const { rows } = await db.query<OwnerBalanceAt>(
    `SELECT la.currency, la.purpose, coalesce(b.balance, 0)::bigint AS balance
       FROM ledger_accounts la LEFT JOIN (${part.sql}) b ON b.ledger_account_id = la.id
      WHERE la.id = ANY($${n + 1}::uuid[]) ORDER BY la.currency`,
    [...part.params, ids],
  );
  return rows.map((r) => ({ ...r, balance: BigInt(r.balance) }));
}
