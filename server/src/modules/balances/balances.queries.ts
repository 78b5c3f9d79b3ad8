import type { Queryable } from '../../db/db';
import { currentBalanceSql } from '../../ledger/ledger-accounts';

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

/** Every cached balance of one account, per currency, in currency order. */
export async function findAccountBalances(
  db: Queryable,
  accountId: string,
): Promise<CurrencyBalances[]> {
  const { rows } = await db.query<{
    currency: string;
    purpose: keyof CurrencyBalances;
    balance: bigint;
  }>(
    `SELECT la.currency, la.purpose,
            ${currentBalanceSql('la')} AS balance
       FROM ledger_accounts la
      WHERE la.owner_kind = 'account' AND la.owner_id = $1 AND la.is_cached ORDER BY la.currency`,
    [accountId],
  );
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
    (b as unknown as Record<string, bigint>)[r.purpose] = r.balance;
    byCurrency.set(r.currency, b);
  }
  return [...byCurrency.values()];
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
