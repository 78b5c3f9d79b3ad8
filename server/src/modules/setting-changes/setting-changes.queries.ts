import type { SettingChangeKind } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** A guarded change as stored, with who asked and the approvals recorded. */
export interface SettingChangeRecord {
  id: string;
  kind: SettingChangeKind;
  target: string;
  old_value: string | null;
  new_value: string;
  change_percent: string | null;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  created_by: string;
  requested_by: string;
  created_at: Date;
  approvals: number;
  /** What the change needs besides its value (an invitation's username and name). */
  details: Record<string, string>;
}

const COLUMNS = `c.id, c.kind, c.target, c.old_value, c.new_value, c.change_percent, c.reason,
  c.status, c.created_by, c.details, a.username AS requested_by, c.created_at,
  (SELECT count(DISTINCT ap.principal_account_id)::int FROM approvals ap
    WHERE ap.ref_type = 'setting_change' AND ap.ref_id = c.id) AS approvals`;

/** A change to ask for: the setting, its value in force and the one asked, who and why. */
export interface NewSettingChange {
  kind: SettingChangeKind;
  target: string;
  oldValue: string | null;
  newValue: string;
  changePercent: string | null;
  reason: string;
  createdBy: string;
  details?: Record<string, string>;
}

/**
 * Records a waiting change; null when one of the same setting waits already (the partial
 * unique index decides, so two admins asking at once cannot both wait).
 */
export async function insertSettingChange(
  tx: Queryable,
  c: NewSettingChange,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO setting_changes
       (kind, target, old_value, new_value, change_percent, reason, created_by, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (kind, target) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [
      c.kind,
      c.target,
      c.oldValue,
      c.newValue,
      c.changePercent,
      c.reason,
      c.createdBy,
      JSON.stringify(c.details ?? {}),
    ],
  );
  return rows[0]?.id ?? null;
}

/** One change by id (null when none has it). */
export async function findSettingChange(
  db: Queryable,
  id: string,
): Promise<SettingChangeRecord | null> {
  const { rows } = await db.query<SettingChangeRecord>(
    `SELECT ${COLUMNS} FROM setting_changes c JOIN accounts a ON a.id = c.created_by
      WHERE c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Every change still waiting, oldest first (at most one per setting). */
export async function findPendingSettingChanges(db: Queryable): Promise<SettingChangeRecord[]> {
  const { rows } = await db.query<SettingChangeRecord>(
    `SELECT ${COLUMNS} FROM setting_changes c JOIN accounts a ON a.id = c.created_by
      WHERE c.status = 'pending' ORDER BY c.created_at, c.id`,
  );
  return rows;
}

/** Moves a waiting change to its decided status; false when it no longer waits. */
export async function closeSettingChangeRow(
  tx: Queryable,
  id: string,
  status: 'approved' | 'rejected',
  at: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE setting_changes SET status = $2, decided_at = $3, updated_at = $3
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, status, at.toISOString()],
  );
  return rows.length === 1;
}
