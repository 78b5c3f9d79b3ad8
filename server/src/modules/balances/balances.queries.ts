import type { Queryable } from '../../db/db';
import { currentBalanceSql } from '../../ledger/ledger-accounts';
import { balancesAtRows } from '../../ledger/report-sources';

/** One currency's balances of an account, by purpose (minor units). */
export interface CurrencyBalances {
  currency: string;
  available: bigint;
  reserved: bigint;
  payout_available: bigint;
  payout_reserved: bigint;
  commission: bigint;
  commission_reserved: bigint;
  usdt_wallet: bigint;
}

type PurposeBalance = { currency: string; purpose: keyof CurrencyBalances; balance: bigint };

/** Purpose rows folded per currency (missing purposes: zero), in the rows' currency order. */
function perCurrency(rows: readonly PurposeBalance[]): CurrencyBalances[] {
  const byCurrency = new Map<string, CurrencyBalances>();
  for (const r of rows) {
    const b = byCurrency.get(r.currency) ?? {
      currency: r.currency,
      available: 0n,
      reserved: 0n,
      payout_available: 0n,
      payout_reserved: 0n,
      commission: 0n,
      commission_reserved: 0n,
      usdt_wallet: 0n,
    };
    (b as unknown as Record<string, bigint>)[r.purpose] = BigInt(r.balance);
    byCurrency.set(r.currency, b);
  }
  return [...byCurrency.values()];
}

/** Every cached balance of one account, per currency, in currency order. */
export async function findAccountBalances(
  db: Queryable,
  accountId: string,
): Promise<CurrencyBalances[]> {
  const { rows } = await db.query<PurposeBalance>(
    `SELECT la.currency, la.purpose,
            ${currentBalanceSql('la')} AS balance
       FROM ledger_accounts la
      WHERE la.owner_kind = 'account' AND la.owner_id = $1 AND la.is_cached ORDER BY la.currency`,
    [accountId],
  );
  return perCurrency(rows);
}

/**
 * The same balances as they were at an instant (issue 44): each the sum of its entries before
 * it, from the rollups and that part-day's entries (`balancesAtRows`), however old the instant.
 */
export async function findAccountBalancesAt(
  db: Queryable,
  accountId: string,
  instant: Date,
): Promise<CurrencyBalances[]> {
  const { rows: accounts } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ledger_accounts
      WHERE owner_kind = 'account' AND owner_id = $1 AND is_cached`,
    [accountId],
  );
  if (!accounts.length) return [];
  const ids = accounts.map((a) => a.id);
  const part = balancesAtRows(instant, ids);
  const n = part.params.length;
  const { rows } = await db.query<PurposeBalance>(
    `SELECT la.currency, la.purpose, coalesce(b.balance, 0)::bigint AS balance
       FROM ledger_accounts la LEFT JOIN (${part.sql}) b ON b.ledger_account_id = la.id
      WHERE la.id = ANY($${n + 1}::uuid[]) ORDER BY la.currency`,
    [...part.params, ids],
  );
  return perCurrency(rows);
}

/** Every account's balance for one purpose (pending credits included), by owner and currency. */
export async function findBalancesByPurpose(
  db: Queryable,
  purpose: string,
): Promise<{ owner_id: string; currency: string; balance: bigint }[]> {
  const { rows } = await db.query<{ owner_id: string; currency: string; balance: bigint }>(
    `SELECT la.owner_id, la.currency,
            ${currentBalanceSql('la')} AS balance
       FROM ledger_accounts la WHERE la.purpose = $1 AND la.is_cached ORDER BY la.owner_id, la.currency`,
    [purpose],
  );
  return rows;
}
