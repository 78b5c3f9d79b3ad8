import type {
  ReconClass,
  ReconResolutionKind,
  ReconStatus,
  ReconWriteOffClosed,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { ColumnMap } from './column-map';
import type { OurKind } from './our-status';

/** A saved column map as stored. */
export interface ColumnMapRecord {
  gateway_id: string;
  delimiter: string;
  reference_column: string;
  order_id_column: string;
  amount_column: string;
  currency_column: string;
  fee_column: string;
  status_column: string;
  time_column: string;
  amount_format: 'decimal' | 'minor';
  thousands_separator: string;
  decimal_separator: string;
  time_zone: string;
  time_format: 'ymd' | 'dmy';
  status_values: Record<string, ReconStatus>;
  updated_at: Date | null;
}

/** The map a statement is read with, from its stored record. */
export const columnMapOf = (r: ColumnMapRecord): ColumnMap => ({
  delimiter: r.delimiter,
  columns: {
    reference: r.reference_column,
    orderId: r.order_id_column,
    amount: r.amount_column,
    currency: r.currency_column,
    fee: r.fee_column,
    status: r.status_column,
    time: r.time_column,
  },
  amountFormat: r.amount_format,
  thousandsSeparator: r.thousands_separator,
  decimalSeparator: r.decimal_separator,
  timeZone: r.time_zone,
  timeFormat: r.time_format,
  statusValues: r.status_values,
});

export async function findColumnMap(
  db: Queryable,
  gatewayId: string,
): Promise<ColumnMapRecord | null> {
  const { rows } = await db.query<ColumnMapRecord>(
    'SELECT * FROM recon_column_maps WHERE gateway_id = $1',
    [gatewayId],
  );
  return rows[0] ?? null;
}

/** Saves (replaces) a gateway's column map; answers it as stored. */
export async function upsertColumnMap(
  db: Queryable,
  gatewayId: string,
  map: ColumnMap,
  updatedBy: string,
): Promise<ColumnMapRecord> {
  const c = map.columns;
  const { rows } = await db.query<ColumnMapRecord>(
    `INSERT INTO recon_column_maps (gateway_id, delimiter, reference_column, order_id_column,
       amount_column, currency_column, fee_column, status_column, time_column, amount_format,
       thousands_separator, decimal_separator, time_zone, time_format, status_values, updated_by,
       updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, now())
     ON CONFLICT (gateway_id) DO UPDATE SET
       delimiter = excluded.delimiter, reference_column = excluded.reference_column,
       order_id_column = excluded.order_id_column, amount_column = excluded.amount_column,
       currency_column = excluded.currency_column, fee_column = excluded.fee_column,
       status_column = excluded.status_column, time_column = excluded.time_column,
       amount_format = excluded.amount_format, thousands_separator = excluded.thousands_separator,
       decimal_separator = excluded.decimal_separator, time_zone = excluded.time_zone,
       time_format = excluded.time_format, status_values = excluded.status_values,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at
     RETURNING *`,
    [
      gatewayId,
      map.delimiter,
      c.reference,
      c.orderId,
      c.amount,
      c.currency,
      c.fee,
      c.status,
      c.time,
      map.amountFormat,
      map.thousandsSeparator,
      map.decimalSeparator,
      map.timeZone,
      map.timeFormat,
      JSON.stringify(map.statusValues),
      updatedBy,
    ],
  );
  return rows[0]!;
}

/** A run with its gateway and who imported it. */
export interface RunRecord {
  id: string;
  gateway_id: string;
  payment_gateway_code: string;
  payment_gateway_name: string;
  period_from: Date;
  period_to: Date;
  file_name: string;
  file_sha256: string;
  source: 'upload' | 'sandbox';
  line_count: number;
  matched_count: number;
  difference_count: number;
  resolved_count: number;
  created_by: string;
  created_at: Date;
}

/** A run's columns, under `r`, with its gateway `g` and importer `a` joined. */
export const RUN_COLUMNS = `r.id, r.gateway_id, g.payment_gateway_code, g.payment_gateway_name,
  r.period_from, r.period_to, r.file_name, r.file_sha256, r.source, r.line_count,
  r.matched_count, r.difference_count,
  (SELECT count(*)::int FROM recon_resolutions x WHERE x.run_id = r.id AND x.status = 'done') AS resolved_count,
  coalesce(a.username, '') AS created_by, r.created_at`;
export const RUN_FROM = `FROM recon_runs r JOIN payment_gateways g ON g.id = r.gateway_id
  LEFT JOIN accounts a ON a.id = r.created_by`;

export async function findRun(db: Queryable, id: string): Promise<RunRecord | null> {
  const { rows } = await db.query<RunRecord>(`SELECT ${RUN_COLUMNS} ${RUN_FROM} WHERE r.id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** The run of gateway `gatewayId` that imported the file of this SHA-256, if one did. */
export async function findRunOfFile(
  db: Queryable,
  gatewayId: string,
  sha256: string,
): Promise<RunRecord | null> {
  const { rows } = await db.query<RunRecord>(
    `SELECT ${RUN_COLUMNS} ${RUN_FROM} WHERE r.gateway_id = $1 AND r.file_sha256 = $2`,
    [gatewayId, sha256],
  );
  return rows[0] ?? null;
}

export interface RunTotalRecord {
  class: ReconClass;
  currency: string;
  line_count: number;
  statement_amount: bigint;
  our_amount: bigint;
  statement_fee: bigint;
  our_fee: bigint;
}

/** A run with what its summary reads: the file's lines as read and its totals. */
export interface RunWithTotals {
  run: RunRecord;
  /** The file's lines per currency as read, before matching (minor units as text). */
  statementTotals: Record<string, { count: number; amount: string }>;
  totals: RunTotalRecord[];
}

/**
 * A run, the file's lines as read and its totals per class and currency, in one read (the
 * totals' sums travel as text inside the JSON, so no amount passes through a float).
 */
export async function findRunWithTotals(db: Queryable, id: string): Promise<RunWithTotals | null> {
  type TotalText = Omit<
    RunTotalRecord,
    'statement_amount' | 'our_amount' | 'statement_fee' | 'our_fee'
  > &
    Record<'statement_amount' | 'our_amount' | 'statement_fee' | 'our_fee', string>;
  const { rows } = await db.query<
    RunRecord & { statement_totals: RunWithTotals['statementTotals']; totals: TotalText[] }
  >(
    `SELECT ${RUN_COLUMNS}, r.statement_totals,
            (SELECT coalesce(json_agg(json_build_object('class', t.class, 'currency', t.currency,
                       'line_count', t.line_count, 'statement_amount', t.statement_amount::text,
                       'our_amount', t.our_amount::text, 'statement_fee', t.statement_fee::text,
                       'our_fee', t.our_fee::text) ORDER BY t.currency, t.class), '[]')
               FROM recon_run_totals t WHERE t.run_id = r.id) AS totals
       ${RUN_FROM} WHERE r.id = $1`,
    [id],
  );
  const found = rows[0];
  if (!found) return null;
  const { statement_totals: statementTotals, totals, ...run } = found;
  return {
    run,
    statementTotals,
    totals: totals.map((t) => ({
      ...t,
      statement_amount: BigInt(t.statement_amount),
      our_amount: BigInt(t.our_amount),
      statement_fee: BigInt(t.statement_fee),
      our_fee: BigInt(t.our_fee),
    })),
  };
}

/** A run's row as stored. */
export interface LineRecord {
  seq: number;
  line_no: number | null;
  class: ReconClass;
  reference: string;
  order_id: string;
  currency: string;
  amount: bigint | null;
  fee: bigint | null;
  status: ReconStatus | null;
  occurred_at: Date | null;
  outside_period: boolean;
  our_kind: OurKind | null;
  our_id: string | null;
  /** Ours' currency: our amount and fee are in it (another than `currency` is an amount mismatch). */
  our_currency: string | null;
  our_amount: bigint | null;
  our_fee: bigint | null;
  our_status: ReconStatus | null;
  resolution: ReconResolutionKind | null;
  resolution_status: 'pending' | 'done' | null;
  resolution_id: string | null;
  /** No resolution done or waiting: how the line's last write-off ended (rejected, expired). */
  closed_write_off: ReconWriteOffClosed | null;
}

/** Which of a run's rows a list reads: its class, currency and an exact reference or order id. */
export interface LineFilter {
  readonly runId: string;
  readonly class?: ReconClass;
  readonly currency?: string;
  readonly search?: string;
}

/** The conditions of a filter (all but the class when `withClass` is false) and parameters. */
function lineConditions(
  f: LineFilter,
  withClass: boolean,
  alias = '',
): { where: string; params: unknown[] } {
  const a = alias ? `${alias}.` : '';
  const params: unknown[] = [f.runId];
  const where = [`${a}run_id = $1`];
  if (withClass && f.class) where.push(`${a}class = $${params.push(f.class)}`);
  if (f.currency) where.push(`${a}currency = $${params.push(f.currency)}`);
  if (f.search) {
    const n = params.push(f.search);
    where.push(`(${a}reference = $${n} OR ${a}order_id = $${n})`);
  }
  return { where: where.join(' AND '), params };
}

/** Rows of a run in `seq` order after `afterSeq` (keyset), at most `limit`; or at `offset`. */
export async function findLines(
  db: Queryable,
  f: LineFilter,
  page: { limit: number; offset?: number; afterSeq?: number; descending?: boolean },
): Promise<LineRecord[]> {
  const { where, params } = lineConditions(f, true, 'l');
  const dir = page.descending ? 'DESC' : 'ASC';
  const keyset =
    page.afterSeq === undefined
      ? ''
      : ` AND l.seq ${page.descending ? '<' : '>'} $${params.push(page.afterSeq)}`;
  const { rows } = await db.query<LineRecord>(
    `SELECT l.seq, l.line_no, l.class, l.reference, l.order_id, l.currency, l.amount, l.fee,
            l.status, l.occurred_at, l.outside_period, l.our_kind, l.our_id, l.our_currency,
            l.our_amount, l.our_fee, l.our_status, x.kind AS resolution, x.status AS resolution_status, x.id AS resolution_id,
            CASE WHEN x.id IS NULL THEN
              (SELECT c.status FROM recon_resolutions c
                WHERE c.run_id = l.run_id AND c.seq = l.seq AND c.status IN ('rejected', 'expired')
                ORDER BY c.created_at DESC LIMIT 1)
            END AS closed_write_off
       FROM recon_lines l
       LEFT JOIN recon_resolutions x ON x.run_id = l.run_id AND x.seq = l.seq
                                    AND x.status IN ('pending', 'done')
      WHERE ${where}${keyset}
      ORDER BY l.seq ${dir} LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset ?? 0)}`,
    params,
  );
  return rows;
}

/**
 * How many of a run's rows match the filter but its class, per class. Without a search, exact
 * and read from the run's totals (a few rows whatever the run's size: counting a million lines
 * class by class took most of a second); a search names a reference or order id, so its rows
 * are counted, each class up to `cap` + 1.
 */
export async function countLinesByClass(
  db: Queryable,
  f: LineFilter,
  classes: readonly ReconClass[],
  cap: number,
): Promise<{ counts: Record<string, number>; exact: boolean }> {
  if (!f.search) {
    const params: unknown[] = [f.runId, classes];
    const currency = f.currency ? ` AND currency = $${params.push(f.currency)}` : '';
    const { rows } = await db.query<{ c: string; n: bigint }>(
      `SELECT k.c, coalesce((SELECT sum(line_count) FROM recon_run_totals
                              WHERE run_id = $1 AND class = k.c${currency}), 0)::bigint AS n
         FROM unnest($2::text[]) AS k(c)`,
      params,
    );
    return { counts: Object.fromEntries(rows.map((r) => [r.c, Number(r.n)])), exact: true };
  }
  const { where, params } = lineConditions(f, false);
  const list = `$${params.push(classes)}::text[]`;
  const { rows } = await db.query<{ c: string; n: bigint }>(
    `SELECT c, (SELECT count(*) FROM (SELECT 1 FROM recon_lines WHERE ${where} AND class = k.c
               LIMIT ${Math.trunc(cap) + 1}) x) AS n
       FROM unnest(${list}) AS k(c)`,
    params,
  );
  return { counts: Object.fromEntries(rows.map((r) => [r.c, Number(r.n)])), exact: false };
}

/** Count and sums per currency of the rows a filter matches. */
export interface LineSums {
  currency: string;
  n: bigint;
  amount: bigint;
  fee: bigint;
}

/**
 * Count and sums per currency of a run's rows under a filter: an amount is the statement's, or
 * ours for a row missing at the gateway (it has no line). Without a search, read from the run's
 * totals (a few rows whatever the run's size); a search names a reference or order id, so few
 * rows match it.
 */
export async function sumLines(db: Queryable, f: LineFilter): Promise<LineSums[]> {
  if (!f.search) {
    const params: unknown[] = [f.runId];
    const where = ['run_id = $1'];
    if (f.class) where.push(`class = $${params.push(f.class)}`);
    if (f.currency) where.push(`currency = $${params.push(f.currency)}`);
    const { rows } = await db.query<LineSums>(
      `SELECT currency, sum(line_count)::bigint AS n,
              sum(CASE WHEN class = 'missing_at_gateway' THEN our_amount ELSE statement_amount END)::bigint AS amount,
              sum(CASE WHEN class = 'missing_at_gateway' THEN our_fee ELSE statement_fee END)::bigint AS fee
         FROM recon_run_totals WHERE ${where.join(' AND ')} GROUP BY currency ORDER BY currency`,
      params,
    );
    return rows;
  }
  const { where, params } = lineConditions(f, true);
  const { rows } = await db.query<LineSums>(
    `SELECT currency, count(*) AS n, coalesce(sum(coalesce(amount, our_amount)), 0)::bigint AS amount,
            coalesce(sum(coalesce(fee, our_fee)), 0)::bigint AS fee
       FROM recon_lines WHERE ${where} GROUP BY currency ORDER BY currency`,
    params,
  );
  return rows;
}
