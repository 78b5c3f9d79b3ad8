import type { Queryable } from '../../db/db';
import { currentBalanceSql } from '../../ledger/ledger-accounts';
import { ownerBalancesAtInstant } from '../../ledger/owner-balances-at';

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

/** The same balances as they were at an instant (issue 44; `ownerBalancesAtInstant`). */
export async function findAccountBalancesAt(
  db: Queryable,
  accountId: string,
  instant: Date,
): Promise<CurrencyBalances[]> {
  return perCurrency(
    (await ownerBalancesAtInstant(db, accountId, instant, {
      cachedOnly: true,
    })) as PurposeBalance[],
  );
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
