import { LIST_COUNT_CAP, type SortDirection } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { containsPattern, likeLiteral } from '../../db/like-patterns';

/** The admin log's filters (the `getAdminLogs` request, already validated). */
export interface AdminLogFilter {
  page: number;
  pageSize: number;
  direction?: SortDirection | undefined;
  action?: string | undefined;
  actor?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  clientIp?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** An admin log entry as stored. */
export interface AdminLogRecord {
  id: string;
  created_at: Date;
  actor_username: string;
  actor_account_type: string;
  action: string;
  target_type: string;
  target_id: string;
  client_ip: string;
  outcome: 'success' | 'failure';
  before: unknown;
  after: unknown;
  request_id: string;
}

const COLUMNS = `l.id, l.created_at, l.actor_username, l.actor_account_type, l.action, l.target_type,
  l.target_id, l.client_ip, l.outcome, l.before, l.after, l.request_id`;

/**
 * The conditions of the filters, each value a parameter: `action` exact or a dotted prefix,
 * `actor` part of the username (any case), target type and id exact, the client address exact
 * or a prefix, `from`/`to` inclusive (to the millisecond).
 */
function conditions(f: AdminLogFilter): { where: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    let text = sql;
    for (const value of values) text = text.replace('?', `$${params.push(value)}`);
    where.push(text);
  };
  if (f.action) add('(l.action = ? OR l.action LIKE ?)', f.action, `${likeLiteral(f.action)}.%`);
  if (f.actor) add('l.actor_username ILIKE ?', containsPattern(f.actor));
  if (f.targetType) add('l.target_type = ?', f.targetType);
  if (f.targetId) add('l.target_id = ?', f.targetId);
  if (f.clientIp)
    add('(l.client_ip = ? OR l.client_ip LIKE ?)', f.clientIp, `${likeLiteral(f.clientIp)}%`);
  if (f.from) add('l.created_at >= ?::timestamptz', new Date(f.from).toISOString());
  // Instants travel in milliseconds and are stored in microseconds: `to` takes its whole millisecond.
  if (f.to)
    add(`l.created_at < ?::timestamptz + interval '1 millisecond'`, new Date(f.to).toISOString());
  return { where: where.length ? where.join(' AND ') : 'TRUE', params };
}

const orderOf = (f: AdminLogFilter) => {
  const dir = (f.direction ?? 'desc') === 'desc' ? 'DESC' : 'ASC';
  return `l.created_at ${dir}, l.id ${dir}`;
};

/**
 * One page of the admin log (newest first unless asked otherwise) with the total, counted up
 * to one past `LIST_COUNT_CAP` (then `total_is_capped`).
 */
export async function findAdminLogs(db: Queryable, f: AdminLogFilter) {
  const c = conditions(f);
  const offset = (f.page - 1) * f.pageSize;
  const [page, counted] = await Promise.all([
    db.query<AdminLogRecord>(
      `SELECT ${COLUMNS} FROM admin_logs l WHERE ${c.where} ORDER BY ${orderOf(f)}
        LIMIT ${Math.trunc(f.pageSize)} OFFSET ${Math.trunc(offset)}`,
      c.params,
    ),
    db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM admin_logs l WHERE ${c.where}
        LIMIT ${LIST_COUNT_CAP + 1}) x`,
      c.params,
    ),
  ]);
  const total = Number(counted.rows[0]?.n ?? 0n);
  const capped = total > LIST_COUNT_CAP;
  return {
    rows: page.rows,
    total: capped ? Math.max(LIST_COUNT_CAP, offset + page.rows.length) : total,
    page: f.page,
    page_size: f.pageSize,
    ...(capped ? { total_is_capped: true } : {}),
  };
}

/**
 * Every entry matching `f` in the page's order, `chunk` at a time: through a cursor on
 * PostgreSQL, in keyset chunks on PGlite (its one connection is never held while a file is
 * written). The key is the database's own text of the time, so microseconds are kept.
 */
export async function* readAdminLogs(
  db: Queryable & Pick<Db, 'readInBatches'>,
  f: AdminLogFilter,
  chunk = 2000,
): AsyncGenerator<AdminLogRecord[]> {
  const c = conditions(f);
  if (db.readInBatches) {
    yield* db.readInBatches<AdminLogRecord>(
      `SELECT ${COLUMNS} FROM admin_logs l WHERE ${c.where} ORDER BY ${orderOf(f)}`,
      c.params,
      chunk,
    );
    return;
  }
  const cmp = (f.direction ?? 'desc') === 'desc' ? '<' : '>';
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const params = [...c.params];
    const keyset: string = after
      ? ` AND (l.created_at, l.id) ${cmp} ($${params.push(after.key)}::timestamptz, $${params.push(after.id)}::uuid)`
      : '';
    const { rows }: { rows: (AdminLogRecord & { _key: string })[] } = await db.query(
      `SELECT ${COLUMNS}, l.created_at::text AS _key FROM admin_logs l WHERE ${c.where}${keyset}
        ORDER BY ${orderOf(f)} LIMIT ${Math.trunc(chunk)}`,
      params,
    );
    if (!rows.length) return;
    const last: AdminLogRecord & { _key: string } = rows[rows.length - 1]!;
    after = { key: last._key, id: last.id };
    yield rows.map(({ _key, ...row }) => row);
    if (rows.length < chunk) return;
  }
}
