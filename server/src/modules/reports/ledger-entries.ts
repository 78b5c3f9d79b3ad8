import { formatAmount, type LedgerEntryRow } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import {
  balancesAtDayStartRows,
  balancesAtRows,
  movementRows,
  type SqlPart,
  type ZoneDays,
} from '../../ledger/report-sources';

/**
 * The body of a ledger report: one ledger account's entries over a period, in posting order
 * (`created_at`, `id`: the index `entries_account_time_idx`), each with the balance after it.
 * Totals come from the rollups (`movementRows`, `periodBalances`), never from scanning the
 * entries; a page reads its entries by keyset so a long ledger costs its page only, and an
 * export reads them in one pass (`ledgerChunks`).
 */

/** Where an entry sits in posting order: its exact instant (text keeps the microseconds) and id. */
interface EntryKey {
  readonly at: string;
  readonly id: string;
}

export interface LedgerFigures {
  readonly start: Date;
  readonly end: Date;
  readonly opening: bigint;
  readonly credits: bigint;
  readonly debits: bigint;
  readonly closing: bigint;
  readonly count: number;
  readonly differences: readonly string[];
}

const CHUNK_ROWS = 5_000;

const readPart = async <T>(db: Queryable, part: SqlPart, outer: (sql: string) => string) =>
  (await db.query<T & Record<string, unknown>>(outer(part.sql), [...part.params])).rows;

/** The instants a period's first day starts and the day after its last starts, in its zone. */
export async function periodInstants(db: Queryable, days: ZoneDays) {
  const { rows } = await db.query<{ start: Date; end: Date }>(
    `SELECT $1::date::timestamp AT TIME ZONE $3 AS start,
            ($2::date + 1)::timestamp AT TIME ZONE $3 AS end`,
    [days.fromDay, days.toDay, days.zone],
  );
  return rows[0]!;
}

/** The day after a date (YYYY-MM-DD). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The period's instants and the accounts' balances at both (missing accounts: zero): opening
 * when its first day starts, closing when the day after its last starts, in its zone.
 */
export async function periodBalances(db: Queryable, days: ZoneDays, accounts: readonly string[]) {
  const at = async (day: string) => {
    const rows = await readPart<{ ledger_account_id: string; balance: bigint }>(
      db,
      balancesAtDayStartRows(days.zone, day, accounts),
      (sql) => sql,
    );
    return new Map(rows.map((r) => [r.ledger_account_id, BigInt(r.balance)]));
  };
  // Three reads at once on PostgreSQL's pool (one after the other on PGlite or in a transaction).
  const [{ start, end }, opening, closing] = await Promise.all([
    periodInstants(db, days),
    at(days.fromDay),
    at(dayAfter(days.toDay)),
  ]);
  return { start, end, opening, closing };
}

/** Ledger accounts' balances at an instant (missing accounts: zero). */
async function balancesAt(
  db: Queryable,
  instant: Date,
  accounts: readonly string[],
): Promise<Map<string, bigint>> {
  const rows = await readPart<{ ledger_account_id: string; balance: bigint }>(
    db,
    balancesAtRows(instant, accounts),
    (sql) => sql,
  );
  return new Map(rows.map((r) => [r.ledger_account_id, BigInt(r.balance)]));
}

/**
 * Opening, credits, debits, closing and entry count of one account over the period, and the
 * differences if the books do not agree (opening + credits − debits ≠ closing).
 */
export async function ledgerFigures(
  db: Queryable,
  account: string,
  currency: string,
  days: ZoneDays,
): Promise<LedgerFigures> {
  const balances = await periodBalances(db, days, [account]);
  const { start, end } = balances;
  const opening = balances.opening.get(account) ?? 0n;
  const closing = balances.closing.get(account) ?? 0n;
  const [moved] = await readPart<{ credit: bigint | null; debit: bigint | null; n: bigint | null }>(
    db,
    movementRows(days, [account]),
    (sql) =>
      `SELECT sum(credit)::bigint AS credit, sum(debit)::bigint AS debit, sum(count)::bigint AS n
         FROM (${sql}) m`,
  );
  const credits = BigInt(moved?.credit ?? 0n);
  const debits = BigInt(moved?.debit ?? 0n);
  const expected = opening + credits - debits;
  const differences =
    expected === closing
      ? []
      : [
          `${currency}: opening ${formatAmount(opening, currency)} + credits ${formatAmount(credits, currency)} − debits ${formatAmount(debits, currency)} = ${formatAmount(expected, currency)}, but the ledger balance at the period's end is ${formatAmount(closing, currency)}`,
        ];
  return {
    start,
    end,
    opening,
    credits,
    debits,
    closing,
    count: Number(moved?.n ?? 0n),
    differences,
  };
}

interface EntryDbRow {
  entry_id: string;
  at: string;
  posted_at: Date;
  amount: bigint;
  kind: string;
  ref_type: string;
  ref_id: string;
  owner_db_code: string;
}

/** The account's entries from (or after, not `inclusive`) the key in $2/$3, before $4, in order. */
const entriesSql = (inclusive: boolean) =>
  `SELECT e.id::text AS entry_id, e.created_at::text AS at, e.created_at AS posted_at, e.amount,
          j.kind, j.ref_type, j.ref_id::text AS ref_id, coalesce(o.account_db_code, '') AS owner_db_code
     FROM entries e
     JOIN journal j ON j.id = e.journal_id
     LEFT JOIN accounts o ON o.id = j.owner_account_id
    WHERE e.ledger_account_id = $1
      AND (e.created_at, e.id) ${inclusive ? '>=' : '>'} ($2::timestamptz, $3::bigint)
      AND e.created_at < $4
    ORDER BY e.created_at, e.id`;

/** Up to `limit` entries of the account after (or from, `inclusive`) `key`, before `end`. */
async function entriesAfter(
  db: Queryable,
  account: string,
  key: EntryKey,
  inclusive: boolean,
  end: Date,
  limit: number,
): Promise<EntryDbRow[]> {
  const { rows } = await db.query<EntryDbRow>(`${entriesSql(inclusive)} LIMIT $5`, [
    account,
    key.at,
    key.id,
    end,
    limit,
  ]);
  return rows;
}

/** The key of the `offset`-th entry (0-based) of the account in the period, if any. */
async function keyAtOffset(
  db: Queryable,
  account: string,
  start: Date,
  end: Date,
  offset: number,
): Promise<EntryKey | undefined> {
  const { rows } = await db.query<EntryKey>(
    `SELECT created_at::text AS at, id::text AS id FROM entries
      WHERE ledger_account_id = $1 AND created_at >= $2 AND created_at < $3
      ORDER BY created_at, id OFFSET $4 LIMIT 1`,
    [account, start, end, offset],
  );
  return rows[0];
}

/**
 * The balance just before the entry at `key`: the rollup balance at the key's millisecond,
 * plus the entries from that millisecond up to the key (microseconds, same instant, lower id).
 */
async function balanceBefore(db: Queryable, account: string, key: EntryKey): Promise<bigint> {
  const { rows } = await db.query<{ ms: Date; sum: bigint | null }>(
    `SELECT date_trunc('milliseconds', $2::timestamptz) AS ms,
            (SELECT sum(amount)::bigint FROM entries
              WHERE ledger_account_id = $1
                AND created_at >= date_trunc('milliseconds', $2::timestamptz)
                AND (created_at, id) < ($2::timestamptz, $3::bigint)) AS sum`,
    [account, key.at, key.id],
  );
  const { ms, sum } = rows[0]!;
  const rolled = (await balancesAt(db, ms, [account])).get(account) ?? 0n;
  return rolled + BigInt(sum ?? 0n);
}

/** Entry rows as the answer shows them, the running balance carried from `before`. */
function toRows(
  rows: readonly EntryDbRow[],
  currency: string,
  before: bigint,
): { rows: LedgerEntryRow[]; after: bigint } {
  let balance = before;
  const out = rows.map((r) => {
    const amount = BigInt(r.amount);
    balance += amount;
    return {
      entry_id: r.entry_id,
      posted_at: r.posted_at.toISOString(),
      currency,
      kind: r.kind,
      ref_type: r.ref_type,
      ref_id: r.ref_id,
      owner_db_code: r.owner_db_code,
      debit: amount < 0n ? formatAmount(-amount, currency) : null,
      credit: amount > 0n ? formatAmount(amount, currency) : null,
      balance: formatAmount(balance, currency),
    };
  });
  return { rows: out, after: balance };
}

/** One page of the account's entries in the period (page 1-based). */
export async function ledgerPage(
  db: Queryable,
  account: string,
  currency: string,
  figures: LedgerFigures,
  page: number,
  pageSize: number,
): Promise<LedgerEntryRow[]> {
  const offset = (page - 1) * pageSize;
  if (offset >= figures.count) return [];
  const first = await keyAtOffset(db, account, figures.start, figures.end, offset);
  if (!first) return [];
  const before = offset === 0 ? figures.opening : await balanceBefore(db, account, first);
  const rows = await entriesAfter(db, account, first, true, figures.end, pageSize);
  return toRows(rows, currency, before).rows;
}

/**
 * Every entry of the account in the period, in order, a chunk at a time (for exports), each
 * with its running balance. PostgreSQL: one query read through a cursor (`readInBatches`).
 * PGlite (one connection an export must not hold): keyset chunks, the next read while this
 * one is formatted and written (its key is the last row read).
 */
export async function* ledgerChunks(
  db: Queryable & Pick<Db, 'readInBatches'>,
  account: string,
  currency: string,
  figures: LedgerFigures,
  chunkRows = CHUNK_ROWS,
): AsyncIterable<LedgerEntryRow[]> {
  let balance = figures.opening;
  const start = { at: figures.start.toISOString(), id: '0' };
  if (db.readInBatches) {
    const params = [account, start.at, start.id, figures.end];
    for await (const rows of db.readInBatches<EntryDbRow>(entriesSql(true), params, chunkRows)) {
      const chunk = toRows(rows, currency, balance);
      balance = chunk.after;
      yield chunk.rows;
    }
    return;
  }
  const read = (key: EntryKey, inclusive: boolean) =>
    entriesAfter(db, account, key, inclusive, figures.end, chunkRows);
  let next: Promise<EntryDbRow[]> | null = read(start, true);
  try {
    while (next) {
      const rows: EntryDbRow[] = await next;
      const last = rows[rows.length - 1];
      next = rows.length === chunkRows ? read({ at: last!.at, id: last!.entry_id }, false) : null;
      if (!rows.length) return;
      const chunk = toRows(rows, currency, balance);
      balance = chunk.after;
      yield chunk.rows;
    }
  } finally {
    // A reader that stopped early leaves a read under way: let it end, its rows unused.
    await next?.catch(() => undefined);
  }
}
