import type { ReconResolutionKind } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { foldedStatusSql, OUR_TABLES, type OurKind } from './our-status';
import { countResolved } from './recon-progress';
import type { LineRecord } from './reconciliation.queries';

/** A run's line as a resolution reads it, with the run's gateway and its connector. */
export interface ResolvableLine extends Omit<
  LineRecord,
  'resolution' | 'resolution_status' | 'resolution_id' | 'closed_write_off'
> {
  gateway_id: string;
  payment_gateway_code: string;
  connector: string;
}

const RESOLVABLE_LINES = `
  SELECT l.seq, l.line_no, l.class, l.reference, l.order_id, l.currency, l.amount, l.fee,
         l.status, l.occurred_at, l.outside_period, l.our_kind, l.our_id, l.our_currency,
         l.our_amount, l.our_fee, l.our_status, r.gateway_id, g.payment_gateway_code, g.connector
    FROM recon_lines l JOIN recon_runs r ON r.id = l.run_id
    JOIN payment_gateways g ON g.id = r.gateway_id
   WHERE l.run_id = $1 AND l.seq = ANY($2::int[])
   ORDER BY l.seq`;

/**
 * Lines of a run locked for resolving them (`FOR UPDATE`: two admins resolving one line at once
 * go one after the other), with the run's gateway; the lines not found are absent.
 */
export async function lockLines(
  tx: Queryable,
  runId: string,
  seqs: readonly number[],
): Promise<ResolvableLine[]> {
  const { rows } = await tx.query<ResolvableLine>(`${RESOLVABLE_LINES} FOR UPDATE OF l`, [
    runId,
    seqs,
  ]);
  return rows;
}

/** A line of a run as `lockLines` reads it, without locking it (before asking a gateway). */
export async function findResolvableLine(
  db: Queryable,
  runId: string,
  seq: number,
): Promise<ResolvableLine | null> {
  const { rows } = await db.query<ResolvableLine>(RESOLVABLE_LINES, [runId, [seq]]);
  return rows[0] ?? null;
}

/** A line's resolution that is done or waiting (at most one), if it has one. */
export async function findOpenResolution(
  db: Queryable,
  runId: string,
  seq: number,
): Promise<{ id: string; kind: ReconResolutionKind; status: 'pending' | 'done' } | null> {
  const { rows } = await db.query<{
    id: string;
    kind: ReconResolutionKind;
    status: 'pending' | 'done';
  }>(
    `SELECT id, kind, status FROM recon_resolutions
      WHERE run_id = $1 AND seq = $2 AND status IN ('pending', 'done')`,
    [runId, seq],
  );
  return rows[0] ?? null;
}

export interface NewResolution {
  id: string;
  runId: string;
  seq: number;
  kind: ReconResolutionKind;
  status: 'pending' | 'done';
  currency: string;
  difference: bigint;
  note: string;
  details: Record<string, unknown> | null;
  createdBy: string;
  at: Date;
}

export async function insertResolution(tx: Queryable, r: NewResolution): Promise<void> {
  const amount = r.difference < 0n ? -r.difference : r.difference;
  await tx.query(
    `INSERT INTO recon_resolutions (id, run_id, seq, kind, status, currency, difference, amount,
       note, details, created_by, created_at, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12,
             CASE WHEN $5 = 'done' THEN $12::timestamptz END)`,
    [
      r.id,
      r.runId,
      r.seq,
      r.kind,
      r.status,
      r.currency,
      r.difference.toString(),
      amount.toString(),
      r.note,
      r.details ? JSON.stringify(r.details) : null,
      r.createdBy,
      r.at.toISOString(),
    ],
  );
  if (r.status === 'done') await countResolved(tx, r.runId);
}

/**
 * A write-off with its line's gateway and the transaction of ours it names (if any) with our
 * status when it was asked for, for posting it.
 */
export interface WriteOffRecord {
  id: string;
  run_id: string;
  seq: number;
  status: 'pending' | 'done' | 'rejected' | 'expired';
  currency: string;
  difference: bigint;
  gateway_id: string;
  our_kind: OurKind | null;
  our_id: string | null;
  /** Our transaction's status when the write-off was asked for (`details.our_status`). */
  our_status_asked: string | null;
}

/** A write-off resolution by id (null when no write-off has it). */
export async function findWriteOff(db: Queryable, id: string): Promise<WriteOffRecord | null> {
  const { rows } = await db.query<WriteOffRecord>(
    `SELECT x.id, x.run_id, x.seq, x.status, x.currency, x.difference, r.gateway_id, l.our_kind,
            l.our_id, x.details ->> 'our_status' AS our_status_asked
       FROM recon_resolutions x JOIN recon_runs r ON r.id = x.run_id
       JOIN recon_lines l ON l.run_id = x.run_id AND l.seq = x.seq
      WHERE x.id = $1 AND x.kind = 'write_off'`,
    [id],
  );
  return rows[0] ?? null;
}

/** Moves a pending write-off to `status` (with its journal once posted); whether it moved. */
export async function decideWriteOff(
  tx: Queryable,
  id: string,
  status: 'done' | 'rejected' | 'expired',
  at: Date,
  journalId: string | null,
): Promise<boolean> {
  const { rows } = await tx.query<{ run_id: string }>(
    `UPDATE recon_resolutions SET status = $2, decided_at = $3, journal_id = $4
      WHERE id = $1 AND status = 'pending' RETURNING run_id`,
    [id, status, at.toISOString(), journalId],
  );
  if (rows[0] && status === 'done') await countResolved(tx, rows[0].run_id);
  return rows.length > 0;
}

/** Our transaction's status, and as a statement shows it (`foldedStatusSql`). */
export interface OurStatus {
  status: string;
  folded: 'success' | 'failed' | 'pending';
}

/** Our transaction's status, folded as the matching folds it, read under its row lock. */
export async function lockOurStatus(
  tx: Queryable,
  kind: OurKind,
  id: string,
): Promise<OurStatus | null> {
  const { rows } = await tx.query<OurStatus>(
    `SELECT status, ${foldedStatusSql(kind, 'status')} AS folded
       FROM ${OUR_TABLES[kind]} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}
