import type { Queryable } from '../../db/db';

/*
 * Reconciliation's progress, kept as runs and resolutions are written (migration 0950; issue
 * 46: the dashboard reads it without reading history). Each writer below runs in the
 * transaction of the change it counts, so the counts are always those of the rows.
 */

/** A run was written: its differences are counted, and it is open while any is unresolved. */
export async function countRunDifferences(tx: Queryable, runId: string): Promise<void> {
  await tx.query(
    `UPDATE recon_progress p SET differences = p.differences + r.difference_count
       FROM recon_runs r WHERE r.id = $1`,
    [runId],
  );
  await tx.query(
    `INSERT INTO recon_open_runs (run_id, unresolved)
     SELECT id, difference_count FROM recon_runs WHERE id = $1 AND difference_count > 0`,
    [runId],
  );
}

/** A resolution of one of the run's differences is done: one more resolved, one fewer open. */
export async function countResolved(tx: Queryable, runId: string): Promise<void> {
  await tx.query('UPDATE recon_progress SET resolved = resolved + 1');
  const { rows } = await tx.query<{ unresolved: number }>(
    `UPDATE recon_open_runs SET unresolved = unresolved - 1 WHERE run_id = $1 AND unresolved > 1
     RETURNING unresolved`,
    [runId],
  );
  if (!rows.length) await tx.query('DELETE FROM recon_open_runs WHERE run_id = $1', [runId]);
}

/**
 * Reconciliation's progress over every run, for the admin dashboard: the runs' differences,
 * how many are resolved (a done resolution), the runs with some still to resolve, and the
 * write-offs waiting for approvals. Reads one row, the open runs and the waiting write-offs
 * (a partial index): nothing that grows with history.
 */
export async function reconProgress(db: Queryable): Promise<{
  differences: number;
  resolved: number;
  open_runs: number;
  write_offs_waiting: number;
}> {
  const { rows } = await db.query<{
    differences: bigint;
    resolved: bigint;
    open_runs: bigint;
    write_offs_waiting: bigint;
  }>(
    `SELECT p.differences, p.resolved,
            (SELECT count(*) FROM recon_open_runs) AS open_runs,
            (SELECT count(*) FROM recon_resolutions
              WHERE kind = 'write_off' AND status = 'pending') AS write_offs_waiting
       FROM recon_progress p`,
  );
  const r = rows[0];
  return {
    differences: Number(r?.differences ?? 0n),
    resolved: Number(r?.resolved ?? 0n),
    open_runs: Number(r?.open_runs ?? 0n),
    write_offs_waiting: Number(r?.write_offs_waiting ?? 0n),
  };
}
