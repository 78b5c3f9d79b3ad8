import { formatAmount, type ReconClass, type ReconLineHit } from '@bo/contract';
import type { Queryable } from '../../db/db';

interface FoundLine {
  run_id: string;
  seq: number;
  line_no: number | null;
  class: ReconClass;
  reference: string;
  amount: bigint | null;
  currency: string;
  payment_gateway_code: string;
  run_created_at: Date;
}

/**
 * The statement lines whose reference (the gateway's) is exactly `reference`, newest run first,
 * at most `limit`: the global search's reconciliation lines (admins only; the caller decides).
 * An index probe (`recon_lines_reference_idx`, migration 0891), whatever the number of runs.
 */
export async function findReconLinesByReference(
  db: Queryable,
  reference: string,
  limit: number,
): Promise<ReconLineHit[]> {
  const { rows } = await db.query<FoundLine>(
    `SELECT l.run_id, l.seq, l.line_no, l.class, l.reference, l.amount, l.currency,
            g.payment_gateway_code, r.created_at AS run_created_at
       FROM recon_lines l
       JOIN recon_runs r ON r.id = l.run_id
       JOIN payment_gateways g ON g.id = r.gateway_id
      WHERE l.reference = $1 AND l.reference <> ''
      ORDER BY r.created_at DESC, l.run_id, l.seq
      LIMIT ${Math.trunc(limit)}`,
    [reference],
  );
  return rows.map((r) => ({
    ...r,
    amount: r.amount === null ? null : formatAmount(r.amount, r.currency),
    run_created_at: r.run_created_at.toISOString(),
  }));
}
