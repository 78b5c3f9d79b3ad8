import type { Queryable } from '../../db/db';

/** A reason a request can be rejected with. */
export interface RejectReason {
  code: string;
  label: string;
  is_system: boolean;
}

/** Every reject reason: the pickable ones (in the order added, `other` last), then the system ones. */
export async function listRejectReasons(db: Queryable): Promise<RejectReason[]> {
  const { rows } = await db.query<RejectReason>(
    `SELECT code, label, is_system FROM reject_reasons
      ORDER BY is_system, code = 'other', created_at, code`,
  );
  return rows;
}

/** The reject reason with this code, or null. */
export async function findRejectReason(db: Queryable, code: string): Promise<RejectReason | null> {
  const { rows } = await db.query<RejectReason>(
    'SELECT code, label, is_system FROM reject_reasons WHERE code = $1',
    [code],
  );
  return rows[0] ?? null;
}

/** Adds a pickable reject reason; false when the code exists already. */
export async function insertRejectReason(
  db: Queryable,
  reason: { code: string; label: string; createdBy: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO reject_reasons (code, label, created_by) VALUES ($1, $2, $3)
     ON CONFLICT (code) DO NOTHING RETURNING code`,
    [reason.code, reason.label, reason.createdBy],
  );
  return rows.length === 1;
}
