import { randomUUID } from 'node:crypto';
import { JOURNAL_KINDS } from '@bo/contract';
import { violatesConstraint, type Db, type Queryable } from '../db/db';
import { joinWrites, runWrites, type Writes } from '../db/writes';
import { conflict } from '../core/app-error';
import {
  accountRowsOf,
  ledgerAccountId,
  openAccountsSql,
  PURPOSES,
  type LedgerKey,
} from './ledger-accounts';
import { movementWrites, type MovementEntry } from './report-rollups';
import { ROLLUP_SLOTS } from './rollups';

/** One line of a journal: a signed amount on one ledger account (zero lines are dropped). */
export interface EntryDraft {
  readonly account: LedgerKey;
  readonly amount: bigint;
}

/** One business event's balanced movement. */
export interface JournalDraft {
  readonly id?: string;
  readonly ownerAccountId: string;
  readonly kind: string;
  readonly refType: string;
  readonly refId: string;
  readonly contractId?: string | null;
  readonly details?: Record<string, unknown>;
  readonly createdAt: Date;
  readonly entries: readonly EntryDraft[];
}

/** Refuses a journal whose entries do not sum to zero in each currency. */
export function assertBalanced(draft: JournalDraft): void {
  // A kind the contract does not list would fall in a report's "rest" column while no link to
  // the entries view names it (docs/money.md, "Every figure opens its entries").
  if (!KNOWN_JOURNAL_KINDS.has(draft.kind)) {
    throw new Error(`journal kind ${draft.kind} is not one of the contract's JOURNAL_KINDS`);
  }
  const sums = new Map<string, bigint>();
  for (const e of draft.entries) {
    sums.set(e.account.currency, (sums.get(e.account.currency) ?? 0n) + e.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n)
      throw new Error(`journal ${draft.kind} does not balance in ${currency}: ${sum}`);
  }
}

const KNOWN_JOURNAL_KINDS: ReadonlySet<string> = new Set(JOURNAL_KINDS);

/** JSON with bigints as decimal strings (journal details). */
export const jsonOf = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

const OVERDRAFT = 'ledger_accounts_no_overdraft';

/**
 * Appends balanced journals with their entries and updates cached balances, all in the
 * caller's transaction. A posting that would take a guarded balance below zero fails the
 * whole transaction with a conflict. House accounts get entries only (never locked).
 * Returns the journal ids in order.
 */
export async function postJournals(
  tx: Queryable,
  drafts: readonly JournalDraft[],
): Promise<string[]> {
  const posting = planPostings(drafts);
  await runWrites(tx, [posting.writes]);
  await applyDebits(tx, posting.debits);
  return posting.ids;
}

/** What posting journals takes: the appends (one statement), then the debits to apply. */
export interface PlannedPostings {
  /** The journal ids, in the drafts' order. */
  readonly ids: string[];
  /** Open missing accounts, append journals, entries and pending credits. */
  readonly writes: Writes | null;
  /** Net debit (or credit) per cached account, for `applyDebits` after the writes. */
  readonly debits: Map<string, bigint>;
}

/**
 * Plans `postJournals`: checks every draft balances and builds its appends (with the report's
 * movement rollups), so a caller may
 * run them with its own writes (`runWrites`) before `applyDebits`.
 */
export function planPostings(drafts: readonly JournalDraft[]): PlannedPostings {
  if (!drafts.length) return { ids: [], writes: null, debits: new Map() };
  drafts.forEach(assertBalanced);
  const ids = drafts.map((d) => d.id ?? randomUUID());
  const journalIds: string[] = [];
  const accountIds: string[] = [];
  const currencies: string[] = [];
  const amounts: string[] = [];
  const times: string[] = [];
  const deltas = new Map<string, bigint>();
  // House accounts are never locked: their movements, either way, are appended as pending
  // credits and folded into their balance by the background job (so reading one is cheap).
  const houseDeltas = new Map<string, bigint>();
  const keys: LedgerKey[] = [];
  const movements: MovementEntry[] = [];
  drafts.forEach((d, i) => {
    for (const e of d.entries) {
      if (e.amount === 0n) continue;
      const accountId = ledgerAccountId(e.account);
      keys.push(e.account);
      journalIds.push(ids[i]!);
      accountIds.push(accountId);
      currencies.push(e.account.currency);
      amounts.push(e.amount.toString());
      times.push(d.createdAt.toISOString());
      movements.push({ accountId, kind: d.kind, createdAt: d.createdAt, amount: e.amount });
      const target = PURPOSES[e.account.purpose].cached ? deltas : houseDeltas;
      target.set(accountId, (target.get(accountId) ?? 0n) + e.amount);
    }
  });
  const credits = [
    ...[...deltas].filter(([, d]) => d > 0n),
    ...[...houseDeltas].filter(([, d]) => d !== 0n),
  ].sort(([a], [b]) => (a < b ? -1 : 1));
  // Open missing accounts, append the journals, their entries and the credits.
  const appends: Writes = {
    statements: [
      openAccountsSql(1),
      `INSERT INTO journal (id, owner_account_id, kind, ref_type, ref_id, contract_id, details, created_at)
       SELECT * FROM unnest($8::uuid[], $9::uuid[], $10::text[], $11::text[], $12::uuid[], $13::uuid[], $14::jsonb[], $15::timestamptz[])`,
      `INSERT INTO entries (journal_id, ledger_account_id, currency, amount, created_at)
       SELECT * FROM unnest($16::uuid[], $17::uuid[], $18::text[], $19::bigint[], $20::timestamptz[])`,
      `INSERT INTO balance_credits (ledger_account_id, amount) SELECT * FROM unnest($21::uuid[], $22::bigint[])`,
    ],
    params: [
      ...accountRowsOf(keys),
      ids,
      drafts.map((d) => d.ownerAccountId),
      drafts.map((d) => d.kind),
      drafts.map((d) => d.refType),
      drafts.map((d) => d.refId),
      drafts.map((d) => d.contractId ?? null),
      drafts.map((d) => jsonOf(d.details ?? {})),
      drafts.map((d) => d.createdAt.toISOString()),
      journalIds,
      accountIds,
      currencies,
      amounts,
      times,
      credits.map(([id]) => id),
      credits.map(([, d]) => d.toString()),
    ],
  };
  const slot = Math.floor(Math.random() * ROLLUP_SLOTS);
  const writes = joinWrites(appends, movementWrites(movements, slot));
  return { ids, writes, debits: deltas };
}

/**
 * Applies net debits to cached balances: each folds the account's pending credits into its
 * balance and subtracts, under the account's row lock, in account-id order (so concurrent
 * debits never deadlock). Credits were appended as pending credits and lock nothing. A debit
 * that would take a guarded balance below zero fails the transaction with a conflict.
 */
export async function applyDebits(tx: Queryable, deltas: ReadonlyMap<string, bigint>) {
  const debits = [...deltas].filter(([, d]) => d < 0n).sort(([a], [b]) => (a < b ? -1 : 1));
  try {
    for (const [id, delta] of debits) await foldAndDebit(tx, id, delta);
  } catch (error) {
    if (violatesConstraint(error, OVERDRAFT))
      throw conflict('The balance is not enough for this amount');
    throw error;
  }
}

/** Folds an account's pending credits into its balance and adds `delta` (zero: fold only). */
export async function foldAndDebit(tx: Queryable, accountId: string, delta = 0n): Promise<void> {
  const r = await tx.query(
    `WITH folded AS (DELETE FROM balance_credits WHERE ledger_account_id = $1 RETURNING amount)
     UPDATE ledger_accounts SET balance = balance + (SELECT coalesce(sum(amount), 0) FROM folded)::bigint + $2::bigint
      WHERE id = $1`,
    [accountId, delta.toString()],
  );
  // A debit of an account no one ever credited is refused like any overdraft.
  if (r.rowCount !== 1) throw conflict('The balance is not enough for this amount');
}

/**
 * Folds the pending credits of accounts that collected many (accounts rarely debited), so
 * reading a balance stays cheap. Each account is folded in its own short transaction.
 */
export async function foldPendingCredits(db: Db, atLeast = 500): Promise<number> {
  const { rows } = await db.query<{ ledger_account_id: string }>(
    `SELECT ledger_account_id FROM balance_credits GROUP BY ledger_account_id HAVING count(*) >= $1`,
    [atLeast],
  );
  for (const r of rows) await db.transaction((tx) => foldAndDebit(tx, r.ledger_account_id));
  return rows.length;
}
