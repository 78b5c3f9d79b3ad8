/**
 * Matching a statement against our books, set-based: the staged lines of an import and our
 * transactions of the gateway meet in a few statements, whatever the number of lines (no
 * round trip per line), so a run of a million lines costs a few scans and joins.
 */
import type { Db, Queryable } from '../../db/db';
import { foldedStatusSql } from './our-status';
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

/** Writes a batch of read lines to the import's staging rows: one insert. */
export async function stageLines(
  db: Queryable,
  importId: string,
  lines: readonly StatementLine[],
): Promise<void> {
  await db.query(
    `INSERT INTO recon_staged_lines
       (import_id, line_no, reference, order_id, currency, amount, fee, status, occurred_at)
     SELECT $1::uuid, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[],
                              $7::bigint[], $8::text[], $9::timestamptz[])`,
    [
      importId,
      lines.map((l) => l.lineNo),
      lines.map((l) => l.reference),
      lines.map((l) => l.orderId),
      lines.map((l) => l.currency),
      lines.map((l) => l.amount.toString()),
      lines.map((l) => (l.fee === null ? null : l.fee.toString())),
      lines.map((l) => l.status),
      lines.map((l) => (l.occurredAt ? l.occurredAt.toISOString() : null)),
    ],
  );
}

/** Drops an import's staging rows (matched, or the file refused). */
export async function dropStaged(db: Queryable, importId: string): Promise<void> {
  await db.query('DELETE FROM recon_staged_lines WHERE import_id = $1', [importId]);
}

/**
 * Our transactions of gateway `$1` as a statement sees them: kind, id, reference, order id,
 * amount, the fee the gateway charges (our computed gateway cost; a dispute's fee; none for a
 * refund) and the status as success, failed or pending. `which`: those created in the period
 * (`$2`..`$3`) that reached the gateway (it gave them a reference: a refund awaiting approval
 * has none, and no statement can show it), or those and any other a staged line of import
 * `$4` names.
 */
function oursSql(which: 'in-period' | 'in-period-or-named'): string {
  const named = (alias: string, orderColumn: string | null) =>
    which === 'in-period'
      ? ''
      : ` OR ${alias}.gateway_reference IN (SELECT reference FROM recon_staged_lines
                                     WHERE import_id = $4 AND reference <> '')` +
        (orderColumn
          ? ` OR ${orderColumn} IN (SELECT order_id FROM recon_staged_lines
                                   WHERE import_id = $4 AND order_id <> '')`
          : '');
  const where = (alias: string, orderColumn: string | null) =>
    `${alias}.gateway_id = $1 AND ((${alias}.created_at BETWEEN $2 AND $3
       AND ${alias}.gateway_reference <> '')${named(alias, orderColumn)})`;
  return `
    SELECT 'payin'::text AS kind, p.id, p.gateway_reference AS reference, p.order_id, p.currency,
           p.amount, p.gateway_cost AS fee, ${foldedStatusSql('payin', 'p.status')} AS status,
           p.created_at
      FROM payins p WHERE ${where('p', 'p.order_id')}
    UNION ALL
    SELECT 'payout', o.id, o.gateway_reference, o.order_id, o.currency, o.amount, o.gateway_cost,
           ${foldedStatusSql('payout', 'o.status')}, o.created_at
      FROM payouts o WHERE ${where('o', 'o.order_id')}
    UNION ALL
    SELECT 'refund', r.id, r.gateway_reference, coalesce(r.merchant_refund_id, ''), r.currency,
           r.amount, 0::bigint, ${foldedStatusSql('refund', 'r.status')}, r.created_at
      FROM refunds r WHERE ${where('r', 'r.merchant_refund_id')}
    UNION ALL
    SELECT 'dispute', d.id, d.gateway_reference, '', d.currency, d.amount, d.fee,
           ${foldedStatusSql('dispute', 'd.status')}, d.created_at
      FROM disputes d WHERE ${where('d', null)}`;
}

/**
 * Each staged line with the transaction of ours it names (by reference, else by an order id
 * only one of ours carries) and its place among the lines naming the same one (or, naming
 * none, carrying the same reference): the first keeps its class, the others are duplicates.
 */
const LINKED_LINES = `
  WITH ours AS (${oursSql('in-period-or-named')}),
  by_reference AS (
    SELECT DISTINCT ON (reference) * FROM ours WHERE reference <> '' ORDER BY reference, kind, id),
  by_order AS (
    SELECT o.* FROM ours o
      JOIN (SELECT order_id FROM ours WHERE order_id <> '' GROUP BY order_id HAVING count(*) = 1) u
        ON u.order_id = o.order_id),
  linked AS (
    SELECT s.*, coalesce(r.kind, b.kind) AS our_kind, coalesce(r.id, b.id) AS our_id,
           coalesce(r.currency, b.currency) AS our_currency,
           coalesce(r.amount, b.amount) AS our_amount, coalesce(r.fee, b.fee) AS our_fee,
           coalesce(r.status, b.status) AS our_status
      FROM recon_staged_lines s
      LEFT JOIN by_reference r ON s.reference <> '' AND r.reference = s.reference
      LEFT JOIN by_order b ON r.id IS NULL AND s.order_id <> '' AND b.order_id = s.order_id
     WHERE s.import_id = $4)
  SELECT l.*, row_number() OVER (
           PARTITION BY CASE WHEN l.our_id IS NOT NULL THEN l.our_kind || ':' || l.our_id::text
                             WHEN l.reference <> '' THEN 'reference:' || l.reference
                             ELSE 'line:' || l.line_no::text END
           ORDER BY l.line_no) AS nth
    FROM linked l`;

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
 * Matches import `run.id`'s staged lines into run `run.id` (in `tx`, one transaction): the
 * lines with their classes, then ours in the period no line names (missing at the gateway),
 * then the totals per class and currency, then the run itself; the staging rows are dropped.
 */
export async function matchStagedLines(tx: Queryable, run: NewRun): Promise<void> {
  const period = [run.gatewayId, run.from.toISOString(), run.to.toISOString(), run.id];
  await tx.query(
    `INSERT INTO recon_lines (run_id, seq, line_no, class, reference, order_id, currency, amount,
       fee, status, occurred_at, outside_period, our_kind, our_id, our_currency, our_amount, our_fee,
       our_status)
     SELECT $4::uuid, k.line_no, k.line_no, ${LINE_CLASS}, k.reference, k.order_id, k.currency,
            k.amount, k.fee, k.status, k.occurred_at,
            coalesce(k.occurred_at NOT BETWEEN $2::timestamptz AND $3::timestamptz, false),
            k.our_kind, k.our_id, k.our_currency, k.our_amount, k.our_fee, k.our_status
       FROM (${LINKED_LINES}) k`,
    period,
  );
  await tx.query(
    `INSERT INTO recon_lines (run_id, seq, line_no, class, reference, order_id, currency,
       our_kind, our_id, our_currency, our_amount, our_fee, our_status)
     SELECT $4::uuid, last.seq + row_number() OVER (ORDER BY o.created_at, o.id), NULL,
            'missing_at_gateway', o.reference, o.order_id, o.currency, o.kind, o.id, o.currency,
            o.amount, o.fee, o.status
       FROM (${oursSql('in-period')}) o
      CROSS JOIN (SELECT coalesce(max(seq), 0) AS seq FROM recon_lines WHERE run_id = $4) last
      WHERE NOT EXISTS (SELECT 1 FROM recon_lines l
                         WHERE l.run_id = $4 AND l.our_id = o.id AND l.our_kind = o.kind)`,
    period,
  );
  await tx.query(
    `INSERT INTO recon_run_totals (run_id, class, currency, line_count, statement_amount,
       our_amount, statement_fee, our_fee)
     SELECT $1::uuid, class, currency, count(*), coalesce(sum(amount), 0), coalesce(sum(our_amount), 0),
            coalesce(sum(fee), 0), coalesce(sum(our_fee), 0)
       FROM recon_lines WHERE run_id = $1 GROUP BY class, currency`,
    [run.id],
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
    `SELECT EXISTS (SELECT 1 FROM (${oursSql('in-period')}) o) AS found`,
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
      `SELECT ${columns} FROM (${oursSql('in-period')}) o ORDER BY created_at, kind, id`,
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
      `SELECT ${columns}, created_at::text AS key FROM (${oursSql('in-period')}) o ${keyset}
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
