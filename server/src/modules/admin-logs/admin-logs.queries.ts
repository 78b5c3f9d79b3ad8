import type { AdminLogRow } from '@bo/contract';
import type { Queryable } from '../../db/db';

export interface AdminLogFilter {
  page: number;
  pageSize: number;
  action?: string | undefined;
  actor?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Filters $1..$5: action (exact or prefix), actor, target id, from, to. */
const FILTER = `
      WHERE ($1::text IS NULL OR action = $1 OR action LIKE replace(replace($1, '%', '\\%'), '_', '\\_') || '.%')
        AND ($2::text IS NULL OR actor_username ILIKE $2)
        AND ($3::text IS NULL OR target_id = $3)
        AND ($4::timestamptz IS NULL OR created_at >= $4)
        AND ($5::timestamptz IS NULL OR created_at < $5)`;

const filterParams = (f: AdminLogFilter) => [
  f.action ?? null,
  f.actor ?? null,
  f.targetId ?? null,
  f.from ?? null,
  f.to ?? null,
];

interface Row extends Omit<AdminLogRow, 'created_at'> {
  created_at: Date;
  total: bigint;
}

/** One page of the admin log, newest first; `action` matches a prefix ("sign_in" finds all sign-in kinds). */
export async function findAdminLogs(db: Queryable, f: AdminLogFilter) {
  const { rows } = await db.query<Row>(
    `SELECT id, created_at, actor_username, actor_account_type, action, target_type, target_id,
            client_ip, outcome, before, after, request_id, count(*) OVER () AS total
       FROM admin_logs
${FILTER}
      ORDER BY created_at DESC, id
      LIMIT $6 OFFSET $7`,
    [...filterParams(f), f.pageSize, (f.page - 1) * f.pageSize],
  );
  const total = rows[0]?.total ?? (f.page > 1 ? await countAdminLogs(db, f) : 0n);
  return {
    rows: rows.map(({ total: _total, created_at, ...r }) => ({
      ...r,
      created_at: created_at.toISOString(),
    })),
    total: Number(total),
    page: f.page,
    page_size: f.pageSize,
  };
}

async function countAdminLogs(db: Queryable, f: AdminLogFilter): Promise<bigint> {
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM admin_logs
${FILTER}`,
    filterParams(f),
  );
  return rows[0]?.n ?? 0n;
}
