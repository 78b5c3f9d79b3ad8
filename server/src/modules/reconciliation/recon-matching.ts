/**
 * Matching a statement against our books, set-based: the staged lines of an import and our
 * transactions of the gateway meet in a few statements, whatever the number of lines (no
 * round trip per line), so a run of a million lines costs a few scans and joins.
 */
import { copyText, type Db, type Queryable } from '../../db/db';
import { GATEWAY_KINDS, moneyKind } from '@bo/contract';
import { foldedStatusSql } from './our-status';
import { countRunDifferences } from './recon-progress';
import { reconFacets } from './recon-facet';
import type { StatementLine } from './statement-reader';

/** A transaction of ours as a statement would show it. */
export interface OurTransaction {
  kind: 'payin' | 'payout' | 'refund' | 'dispute';
  id: string;
  reference: string;
  order_id: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  status: 'success' | 'failed' | 'pending';
  created_at: Date;
}

/** Lines written per COPY (about 1 MB of text): fewer, larger statements cost the server less. */
export const STAGE_ROWS = 10_000;

/**
 * The import's own staging table (unlogged: after a crash PostgreSQL empties it): made when
 * the import starts, dropped whole when it ends, matched or refused. A table per import has no
 * index to keep and no import's rows to skip, and dropping it leaves no dead rows behind.
 */
export function stagingTable(importId: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(importId))
    throw new Error(`Not an import id: ${importId}`);
  return `recon_staged_${importId.replace(/-/g, '')}`;
}

/** Makes import `importId`'s staging table, empty. */
export async function createStaging(db: Queryable, importId: string): Promise<void> {
  await db.query(
    `CREATE UNLOGGED TABLE ${stagingTable(importId)} (
       line_no integer NOT NULL, reference text NOT NULL, order_id text NOT NULL,
       currency text NOT NULL, amount bigint NOT NULL, fee bigint, status text NOT NULL,
       occurred_at timestamptz)`,
  );
}

/** Read lines as rows of COPY's text format for the staging table. */
export function stagedRows(lines: readonly StatementLine[]): string {
  let text = '';
  for (const l of lines)
    text +=
      `${l.lineNo}\t${copyText(l.reference)}\t${copyText(l.orderId)}\t${l.currency}` +
      `\t${l.amount}\t${l.fee === null ? '\\N' : l.fee}\t${l.status}` +
      `\t${l.occurredAt ? l.occurredAt.toISOString() : '\\N'}\n`;
  return text;
}

/** An import's staging: read lines go in, written with COPY a few thousand at a time. */
export interface Stager {
  /** Takes a batch of read lines; waits only when a full COPY is to go while one still is on its way. */
  add(lines: readonly StatementLine[]): Promise<void>;
  /** Writes what is left and waits for every COPY: the lines are all staged. */
  done(): Promise<void>;
  /** Resolves once no COPY is on its way, however they ended (before the staging rows are dropped). */
  settled(): Promise<void>;
}

/**
 * Stages import `importId`'s lines while the file is still being read: the lines of a batch
 * become COPY text at once (the line objects die young), and a COPY of `STAGE_ROWS` lines is
 * written while the next ones are read, never more than one on its way (the reader waits for
 * it, so memory stays flat however fast the file arrives).
 */
export function stagerOf(db: Pick<Db, 'copyFrom'>, importId: string): Stager {
  const target = `${stagingTable(importId)} (line_no, reference, order_id, currency, amount, fee, status, occurred_at)`;
  let text = '';
  let rows = 0;
  let writing: Promise<void> = Promise.resolve();
  const send = async () => {
    const data = text;
    text = '';
    rows = 0;
    await writing;
    writing = db.copyFrom(target, data);
    // Its failure is met by the next `send`, `done` or `settled`.
    writing.catch(() => undefined);
  };
  return {
    async add(lines) {
      text += stagedRows(lines);
      rows += lines.length;
      if (rows >= STAGE_ROWS) await send();
    },
    async done() {
      if (rows) await send();
      await writing;
    },
    settled: () =>
      writing.then(
        () => undefined,
        () => undefined,
      ),
  };
}

/**
 * How old an import's staging table must be before the sweep takes its import for abandoned
 * (its server process ended mid-import): far beyond any import's length (a million lines take
 * under a minute; a slow upload, minutes).
 */
export const ABANDONED_STAGING_AFTER_MS = 6 * 3_600_000;

/**
 * When import `importId` started: an import's id is a UUIDv7, whose first 48 bits are its
 * creation time in Unix milliseconds; `null` for an id of another version (imports made
 * before the ids carried their time).
 */
export function importStartOf(importId: string): Date | null {
  const hex = importId.replace(/-/g, '');
  if (hex[12] !== '7') return null;
  return new Date(parseInt(hex.slice(0, 12), 16));
}

/**
 * Drops the staging tables of imports abandoned by a server process that ended mid-import
 * (a finished or refused import drops its own): those started `ABANDONED_STAGING_AFTER_MS` or
 * more before `now`, and those whose id carries no time. Answers the import ids swept.
 */
export async function sweepAbandonedStaging(db: Queryable, now = new Date()): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
        AND c.relname ~ '^recon_staged_[0-9a-f]{32}$'`,
  );
  const swept: string[] = [];
  for (const { name } of rows) {
    const hex = name.slice('recon_staged_'.length);
    const importId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const started = importStartOf(importId);
    if (started && now.getTime() - started.getTime() < ABANDONED_STAGING_AFTER_MS) continue;
    await dropStaged(db, importId);
    swept.push(importId);
  }
  return swept;
}

/** Drops an import's staging table (matched, or the file refused), if it is still there. */
export async function dropStaged(db: Queryable, importId: string): Promise<void> {
  await db.query(`DROP TABLE IF EXISTS ${stagingTable(importId)}`);
}

/** Whether our row `alias` is in the period (`$2`..`$3`) and reached the gateway. */
const inPeriodSql = (alias: string) =>
  `(${alias}.created_at BETWEEN $2 AND $3 AND ${alias}.gateway_reference <> '')`;
/** Our row `alias` is gateway `$1`'s, in the period. */
const ofPeriodSql = (alias: string) => `${alias}.gateway_id = $1 AND ${inPeriodSql(alias)}`;

/**
 * Our transactions of one gateway kind as a statement sees them: kind, id, reference, order
 * id, amount, the fee the gateway charges (our computed gateway cost; a dispute's fee; none for
 * a refund) and the status as success, failed or pending, then `extra` columns; `where` picks
 * them (given the table's alias and its order id column, if any).
 */
function oursOfKindSql(
  kind: (typeof GATEWAY_KINDS)[number],
  where: (alias: string, orderColumn: string | null) => string | null,
  extra = '',
): string | null {
  const facet = reconFacets.of(kind);
  const a = `our_${kind}`;
  const orderId = facet.orderIdColumn ? `${a}.${facet.orderIdColumn}` : null;
  const condition = where(a, orderId);
  if (condition === null) return null;
  return `
    SELECT '${kind}'::text AS kind, ${a}.id, ${a}.gateway_reference AS reference,
           ${orderId ? `coalesce(${orderId}, '')` : `''`} AS order_id, ${a}.currency, ${a}.amount,
           ${facet.feeColumn ? `${a}.${facet.feeColumn}` : '0::bigint'} AS fee,
           ${foldedStatusSql(kind, `${a}.status`)} AS status, ${a}.created_at${extra}
      FROM ${moneyKind(kind).table} ${a} WHERE ${condition}`;
}

/** One SELECT per gateway kind (those `where` does not rule out), as one set. */
const everyKindSql = (
  where: (alias: string, orderColumn: string | null) => string | null,
  extra = '',
) =>
  GATEWAY_KINDS.map((kind) => oursOfKindSql(kind, where, extra))
    .filter((sql): sql is string => sql !== null)
    .join('\n    UNION ALL');

/**
 * Our transactions of gateway `$1` created in the period (`$2`..`$3`) that reached the gateway
 * (it gave them a reference: a refund awaiting approval has none, and no statement can show
 * it): what a statement of the period should hold.
 */
const oursSql = () => everyKindSql(ofPeriodSql);

/**
 * The CTEs of `ours` for matching `staged` (an import's staging table): ours in the period
 * (`in_period`), and any other of the gateway's that a staged line names by reference or
 * order id (issue 46: its cost must not grow with the history in the tables). The period is
 * one index range; the others are looked up by index, and only for the lines the period did
 * not answer (`unanswered`: no reference, or one no row of the period carries): their
 * references, and their order ids, gathered once for every kind (`unanswered_arrays`). A line
 * whose reference a row of the period carries matches it, never an older row with the same
 * reference.
 */
function oursOfStagedSql(staged: string): string {
  const beyond = (alias: string) => `${alias}.gateway_id = $1 AND NOT ${inPeriodSql(alias)}`;
  const byReference = everyKindSql(
    (a) =>
      `${beyond(a)} AND ${a}.gateway_reference <> ''
       AND ${a}.gateway_reference = ANY ((SELECT refs FROM unanswered_arrays)::text[])`,
    ', false AS in_period',
  );
  const byOrder = everyKindSql(
    (a, orderColumn) =>
      orderColumn &&
      `${beyond(a)} AND ${orderColumn} = ANY ((SELECT orders FROM unanswered_arrays)::text[])`,
    ', false AS in_period',
  );
  return `
  period AS (${everyKindSql(ofPeriodSql, ', true AS in_period')}),
  unanswered AS (
    SELECT s.reference, s.order_id FROM ${staged} s
     WHERE s.reference = '' OR NOT EXISTS (SELECT 1 FROM period p WHERE p.reference = s.reference)),
  unanswered_arrays AS (
    SELECT array_agg(DISTINCT reference) FILTER (WHERE reference <> '') AS refs,
           array_agg(DISTINCT order_id) FILTER (WHERE order_id <> '') AS orders
      FROM unanswered),
  ours AS (
    SELECT * FROM period
    UNION ALL
    SELECT * FROM (${byReference}
      UNION
      ${byOrder}) named)`;
}

/**
 * Each staged line of `staged` with the transaction of ours it names (by reference, else by an
 * order id only one of ours carries) and its place among the lines naming the same one (or,
 * naming none, carrying the same reference): the first keeps its class, the others are
 * duplicates. `ours` is every transaction of ours the matching reads (`oursOfStagedSql`).
 * The lines' partition is by native values (kind and id, else the reference, else the line),
 * cheaper to sort than text made per line.
 */
const linkedLinesSql = (staged: string) => `
  by_reference AS (
    SELECT DISTINCT ON (reference COLLATE "C") * FROM ours WHERE reference <> ''
     ORDER BY reference COLLATE "C", kind, id),
  by_order AS (
    SELECT o.* FROM ours o
      JOIN (SELECT order_id FROM ours WHERE order_id <> '' GROUP BY order_id HAVING count(*) = 1) u
        ON u.order_id = o.order_id),
  linked AS (
    SELECT s.*, coalesce(r.kind, b.kind) AS our_kind, coalesce(r.id, b.id) AS our_id,
           coalesce(r.currency, b.currency) AS our_currency,
           coalesce(r.amount, b.amount) AS our_amount, coalesce(r.fee, b.fee) AS our_fee,
           coalesce(r.status, b.status) AS our_status
      FROM ${staged} s
      LEFT JOIN by_reference r ON s.reference <> '' AND r.reference = s.reference
      LEFT JOIN by_order b ON r.id IS NULL AND s.order_id <> '' AND b.order_id = s.order_id),
  k AS (
    SELECT l.*, row_number() OVER (
             PARTITION BY l.our_id, l.our_kind COLLATE "C",
                          CASE WHEN l.our_id IS NULL THEN l.reference END COLLATE "C",
                          CASE WHEN l.our_id IS NULL AND l.reference = '' THEN l.line_no END
             ORDER BY l.line_no) AS nth
      FROM linked l)`;

/**
 * A line's class: a repeat is a duplicate; a line naming nothing of ours is missing here; then
 * the first difference in the order amount (or currency), status, fee; else matched. The amount
 * compares without its sign (money out may be written negative); the fee's sign was normalised
 * when the line was read. A line without a fee is not compared on fees.
 */
const LINE_CLASS = `
  CASE WHEN k.nth > 1 THEN 'duplicate_at_gateway'
       WHEN k.our_id IS NULL THEN 'missing_here'
       WHEN abs(k.amount) <> k.our_amount OR k.currency <> k.our_currency THEN 'amount_mismatch'
       WHEN k.status <> k.our_status THEN 'status_mismatch'
       WHEN k.fee IS NOT NULL AND k.fee <> k.our_fee THEN 'fee_mismatch'
       ELSE 'matched' END`;

/** What a run is made of besides its lines. */
export interface NewRun {
  readonly id: string;
  readonly gatewayId: string;
  readonly from: Date;
  readonly to: Date;
  readonly fileName: string;
  readonly sha256: string;
  readonly source: 'upload' | 'sandbox';
  readonly lineCount: number;
  /** The file's lines per currency as read: count and sum of amounts (minor units). */
  readonly statementTotals: Readonly<Record<string, { count: number; amount: string }>>;
  readonly createdBy: string | null;
}

/**
 * How much memory one sort or hash of the matching may take on PostgreSQL (its default, 4 MB,
 * sends a million lines' sorts and hashes to temporary files). For this transaction only; the
 * embedded database keeps its default (its memory is the server's, and never given back).
 */
const MATCHING_WORK_MEM = '512MB';

/**
 * The advisory lock one matching holds for its transaction (PostgreSQL): `work_mem` is per
 * sort or hash, and a matching has a dozen of them, so two at once (the daily job and an
 * upload, or two server processes) could take the database host's memory twice over. A second
 * matching waits for the first (under a minute for a million lines); the reading and staging
 * of its file go on meanwhile.
 */
const MATCHING_LOCK_KEY = 7341201;

/**
 * Matches import `run.id`'s staged lines into run `run.id` (in `tx`, one transaction): in one
 * statement the lines with their classes and ours in the period no line names (missing at the
 * gateway, after the lines), and from the rows it writes the totals per class and currency;
 * then the run itself; the staging table is dropped.
 */
export async function matchStagedLines(
  tx: Queryable,
  run: NewRun,
  kind: Db['kind'],
): Promise<void> {
  const staged = stagingTable(run.id);
  if (kind === 'postgres') {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MATCHING_LOCK_KEY]);
    await tx.query(`SET LOCAL work_mem = '${MATCHING_WORK_MEM}'`);
    await tx.query('SET LOCAL jit = off');
  }
  await tx.query(
    `WITH ${oursOfStagedSql(staged)},
     ${linkedLinesSql(staged)},
     written AS (
       INSERT INTO recon_lines (run_id, seq, line_no, class, reference, order_id, currency, amount,
         fee, status, occurred_at, outside_period, our_kind, our_id, our_currency, our_amount,
         our_fee, our_status)
       SELECT $4::uuid, k.line_no, k.line_no, ${LINE_CLASS}, k.reference, k.order_id, k.currency,
              k.amount, k.fee, k.status, k.occurred_at,
              coalesce(k.occurred_at NOT BETWEEN $2::timestamptz AND $3::timestamptz, false),
              k.our_kind, k.our_id, k.our_currency, k.our_amount, k.our_fee, k.our_status
         FROM (SELECT * FROM k ORDER BY line_no) k
       UNION ALL
       SELECT $4::uuid, last.seq + row_number() OVER (ORDER BY o.created_at, o.id), NULL,
              'missing_at_gateway', o.reference, o.order_id, o.currency, NULL, NULL, NULL, NULL,
              false, o.kind, o.id, o.currency, o.amount, o.fee, o.status
         FROM ours o
        CROSS JOIN (SELECT coalesce(max(line_no), 0) AS seq FROM k) last
        WHERE o.in_period
          AND NOT EXISTS (SELECT 1 FROM k WHERE k.our_id = o.id AND k.our_kind = o.kind)
       RETURNING class, currency, amount, fee, our_amount, our_fee)
     INSERT INTO recon_run_totals (run_id, class, currency, line_count, statement_amount,
       our_amount, statement_fee, our_fee)
     SELECT $4::uuid, class, currency, count(*), coalesce(sum(amount), 0),
            coalesce(sum(our_amount), 0), coalesce(sum(fee), 0), coalesce(sum(our_fee), 0)
       FROM written GROUP BY class, currency`,
    [run.gatewayId, run.from.toISOString(), run.to.toISOString(), run.id],
  );
  await tx.query(
    `INSERT INTO recon_runs (id, gateway_id, period_from, period_to, file_name, file_sha256, source,
       line_count, statement_totals, matched_count, difference_count, created_by)
     SELECT $1::uuid, $2::uuid, $3::timestamptz, $4::timestamptz, $5::text, $6::text, $7::text,
            $8::int, $10::jsonb,
            coalesce(sum(line_count) FILTER (WHERE class = 'matched'), 0),
            coalesce(sum(line_count) FILTER (WHERE class <> 'matched'), 0), $9::uuid
       FROM recon_run_totals WHERE run_id = $1`,
    [
      run.id,
      run.gatewayId,
      run.from.toISOString(),
      run.to.toISOString(),
      run.fileName,
      run.sha256,
      run.source,
      run.lineCount,
      run.createdBy,
      JSON.stringify(run.statementTotals),
    ],
  );
  await countRunDifferences(tx, run.id);
  await dropStaged(tx, run.id);
}

/** Whether a gateway has any transaction of ours created in a period (a statement to hold). */
export async function hasOurTransactions(
  db: Queryable,
  gatewayId: string,
  from: Date,
  to: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM (${oursSql()}) o) AS found`,
    [gatewayId, from.toISOString(), to.toISOString()],
  );
  return rows[0]?.found ?? false;
}

/** Our transactions of a gateway created in a period, oldest first, a chunk at a time. */
export async function* ourTransactions(
  db: Queryable & Pick<Db, 'readInBatches'>,
  gatewayId: string,
  from: Date,
  to: Date,
  chunk = 2000,
): AsyncGenerator<OurTransaction[]> {
  const params = [gatewayId, from.toISOString(), to.toISOString()];
  const columns = `kind, id, reference, order_id, currency, amount, fee, status, created_at`;
  if (db.readInBatches) {
    yield* db.readInBatches<OurTransaction>(
      `SELECT ${columns} FROM (${oursSql()}) o ORDER BY created_at, kind, id`,
      params,
      chunk,
    );
    return;
  }
  // PGlite: keyset chunks (its one connection is not held between them); the key is the
  // database's own text of the time, which keeps its microseconds.
  let after: [string, string, string] | null = null;
  for (;;) {
    const keyset: string = after
      ? 'WHERE (o.created_at, o.kind, o.id) > ($4::timestamptz, $5, $6::uuid)'
      : '';
    const { rows }: { rows: (OurTransaction & { key: string })[] } = await db.query(
      `SELECT ${columns}, created_at::text AS key FROM (${oursSql()}) o ${keyset}
        ORDER BY created_at, kind, id LIMIT ${Math.trunc(chunk)}`,
      after ? [...params, ...after] : params,
    );
    if (!rows.length) return;
    const last: OurTransaction & { key: string } = rows[rows.length - 1]!;
    after = [last.key, last.kind, last.id];
    yield rows;
    if (rows.length < chunk) return;
  }
}
