import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';

/**
 * What a ledger account is for. Cached accounts are the ones whose balance is checked before
 * money leaves: a debit folds their pending credits and subtracts under the row lock. House
 * accounts are never locked: every movement is appended as a pending credit (either sign).
 * Either way an account's balance is its `balance` column plus its pending credits, which the
 * background job folds in regularly.
 */
export const PURPOSES = {
  /** A merchant's pay-in balance: what it may settle. */
  available: { cached: true, negative: false },
  /** Held for a settlement (bank or USDT wallet) until it is posted or voided. */
  reserved: { cached: true, negative: false },
  /** A merchant's pay-out balance (credited by top-ups). */
  payout_available: { cached: true, negative: false },
  payout_reserved: { cached: true, negative: false },
  usdt_wallet: { cached: true, negative: false },
  /** What a merchant's open disputes hold: amount + dispute fee of each (docs/money.md, Disputes). */
  disputed: { cached: true, negative: false },
  /**
   * What a merchant owes because a dispute took more than its available balance had: negative
   * (a chargeback is never refused), given back first when a dispute's hold is released.
   */
  dispute_shortfall: { cached: true, negative: true },
  /** A reseller's commission, and what is held of it for a withdrawal. */
  commission: { cached: true, negative: false },
  commission_reserved: { cached: true, negative: false },
  /** House accounts. */
  platform_fees: { cached: false, negative: true },
  gateway_clearing: { cached: false, negative: true },
  bank: { cached: false, negative: true },
  fx_pool: { cached: false, negative: true },
  /**
   * Differences between a gateway's statement and our books written off (docs/reconciliation.md):
   * the platform's gain (credit) or loss (debit) against the gateway's clearing account.
   */
  reconciliation_difference: { cached: false, negative: true },
} as const;
export type Purpose = keyof typeof PURPOSES;

export type OwnerKind = 'account' | 'gateway' | 'platform';
export const PLATFORM_OWNER = '00000000-0000-0000-0000-000000000000';

/** Names one ledger account: whose, in which currency, for what. */
export interface LedgerKey {
  readonly ownerKind: OwnerKind;
  readonly ownerId: string;
  readonly currency: string;
  readonly purpose: Purpose;
}

export const keyText = (k: LedgerKey) => `${k.ownerKind}:${k.ownerId}:${k.currency}:${k.purpose}`;

/** Ledger keys of the usual owners. */
export const accountKey = (ownerId: string, currency: string, purpose: Purpose): LedgerKey => ({
  ownerKind: 'account',
  ownerId,
  currency,
  purpose,
});
export const platformKey = (currency: string, purpose: Purpose): LedgerKey => ({
  ownerKind: 'platform',
  ownerId: PLATFORM_OWNER,
  currency,
  purpose,
});
export const gatewayKey = (gatewayId: string, currency: string): LedgerKey => ({
  ownerKind: 'gateway',
  ownerId: gatewayId,
  currency,
  purpose: 'gateway_clearing',
});

const ids = new Map<string, string>();

/**
 * The id of the ledger account named by `key`: derived from the key (a name-based uuid), so
 * postings need no lookup. Accounts are opened by `ensureLedgerAccountsSql` in the statement
 * that first posts to them.
 */
export function ledgerAccountId(key: LedgerKey): string {
  const text = keyText(key);
  let id = ids.get(text);
  if (!id) {
    const h = createHash('sha256').update(`ledger-account:${text}`).digest('hex');
    id = `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    if (ids.size > 100_000) ids.clear();
    ids.set(text, id);
  }
  return id;
}

/** The parameter columns that open the given accounts (id, owner kind, owner, currency, purpose, cached, negative). */
export function accountRowsOf(keys: readonly LedgerKey[]): unknown[][] {
  const unique = [...new Map(keys.map((k) => [keyText(k), k])).values()];
  return [
    unique.map(ledgerAccountId),
    unique.map((k) => k.ownerKind),
    unique.map((k) => k.ownerId),
    unique.map((k) => k.currency),
    unique.map((k) => k.purpose),
    unique.map((k) => PURPOSES[k.purpose].cached),
    unique.map((k) => PURPOSES[k.purpose].negative),
  ];
}

/** SQL opening missing ledger accounts from parameters $n..$n+6 (as `accountRowsOf` orders them). */
export const openAccountsSql = (n: number) =>
  `INSERT INTO ledger_accounts (id, owner_kind, owner_id, currency, purpose, is_cached, allows_negative)
   SELECT * FROM unnest($${n}::uuid[], $${n + 1}::text[], $${n + 2}::uuid[], $${n + 3}::text[], $${n + 4}::text[],
     $${n + 5}::bool[], $${n + 6}::bool[])
   ON CONFLICT DO NOTHING`;

/** Opens the ledger accounts named by `keys` that do not exist yet; never locks an existing one. */
export async function openLedgerAccounts(db: Queryable, keys: readonly LedgerKey[]): Promise<void> {
  if (keys.length) await db.query(openAccountsSql(1), accountRowsOf(keys));
}

/**
 * SQL for a ledger account's current balance: the folded balance plus the credits not folded
 * yet. `alias` names the ledger_accounts row. The one place that says how a balance is read.
 */
export const currentBalanceSql = (alias: string) =>
  `(${alias}.balance + (SELECT coalesce(sum(c.amount), 0) FROM balance_credits c WHERE c.ledger_account_id = ${alias}.id)::bigint)`;

/** The balance of one ledger account: its folded balance plus the credits not folded yet. */
export async function findLedgerBalance(db: Queryable, key: LedgerKey): Promise<bigint> {
  const { rows } = await db.query<{ balance: bigint }>(
    `SELECT ${currentBalanceSql('la')} AS balance
       FROM ledger_accounts la
      WHERE owner_kind = $1 AND owner_id = $2 AND currency = $3 AND purpose = $4`,
    [key.ownerKind, key.ownerId, key.currency, key.purpose],
  );
  return rows[0]?.balance ?? 0n;
}

/**
 * The balance of one cached ledger account, its row locked (`FOR UPDATE`) until the caller's
 * transaction ends, so no other debit can change it before the caller's own; 0 when the account
 * was never opened. Locked first, read after, in two statements: a statement that waited for
 * the lock sees the locked row as the other transaction left it but its pending credits as
 * they were when it started, so a debit that folded them in meanwhile would count them twice
 * (two disputes of one merchant at once, on PostgreSQL under READ COMMITTED).
 */
export async function lockLedgerBalance(tx: Queryable, key: LedgerKey): Promise<bigint> {
  const id = ledgerAccountId(key);
  const locked = await tx.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [id]);
  if (!locked.rows.length) return 0n;
  const { rows } = await tx.query<{ balance: bigint }>(
    `SELECT ${currentBalanceSql('la')} AS balance FROM ledger_accounts la WHERE la.id = $1`,
    [id],
  );
  return rows[0]?.balance ?? 0n;
}
