import type { SavedView } from '@bo/contract';
import type { Queryable } from '../../db/db';

interface ViewRow {
  id: string;
  list_key: string;
  name: string;
  query: string;
  hidden_columns: string;
  column_order: string;
  is_default: boolean;
}

/** The fields of a new view, as the request gave them. */
export interface NewView {
  readonly name: string;
  readonly query: string;
  readonly hiddenColumns: readonly string[];
  readonly columnOrder: readonly string[];
  readonly isDefault: boolean;
}

const idsOf = (text: string) => (text ? text.split(',') : []);

const viewOf = (row: ViewRow): SavedView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  hidden_columns: idsOf(row.hidden_columns),
  column_order: idsOf(row.column_order),
  is_default: row.is_default,
});

/** The person's views of a list, by name. */
export async function findViews(
  db: Queryable,
  accountId: string,
  listKey: string,
): Promise<SavedView[]> {
  const { rows } = await db.query<ViewRow>(
    `SELECT id, list_key, name, query, hidden_columns, column_order, is_default
       FROM saved_views WHERE account_id = $1 AND list_key = $2
      ORDER BY lower(name), id`,
    [accountId, listKey],
  );
  return rows.map(viewOf);
}

/** The list a view of the person's belongs to (locked), or null when it is not theirs. */
export async function lockOwnView(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<{ listKey: string } | null> {
  const { rows } = await db.query<{ list_key: string }>(
    'SELECT list_key FROM saved_views WHERE id = $1 AND account_id = $2 FOR UPDATE',
    [id, accountId],
  );
  return rows[0] ? { listKey: rows[0].list_key } : null;
}

/** Holds the person's row until the transaction ends, so their views change one at a time. */
export async function lockOwner(db: Queryable, accountId: string): Promise<void> {
  await db.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
}

/** Whether another of the person's views of the list has the name (ignoring case). */
export async function nameTaken(
  db: Queryable,
  accountId: string,
  listKey: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM saved_views
      WHERE account_id = $1 AND list_key = $2 AND lower(name) = lower($3)
        AND ($4::uuid IS NULL OR id <> $4::uuid)`,
    [accountId, listKey, name, exceptId],
  );
  return rows.length > 0;
}

/** Takes the default mark off the person's views of the list. */
export async function clearDefault(db: Queryable, accountId: string, listKey: string) {
  await db.query(
    `UPDATE saved_views SET is_default = false, updated_at = now()
      WHERE account_id = $1 AND list_key = $2 AND is_default`,
    [accountId, listKey],
  );
}

export async function insertView(
  db: Queryable,
  accountId: string,
  listKey: string,
  view: NewView,
): Promise<void> {
  await db.query(
    `INSERT INTO saved_views
       (account_id, list_key, name, query, hidden_columns, column_order, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      accountId,
      listKey,
      view.name,
      view.query,
      view.hiddenColumns.join(','),
      view.columnOrder.join(','),
      view.isDefault,
    ],
  );
}

/** Changes a view's name or default mark. */
export async function updateView(
  db: Queryable,
  id: string,
  change: { readonly name?: string; readonly isDefault?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE saved_views SET name = coalesce($2, name), is_default = coalesce($3, is_default),
            updated_at = now()
      WHERE id = $1`,
    [id, change.name ?? null, change.isDefault ?? null],
  );
}

export async function deleteView(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM saved_views WHERE id = $1', [id]);
}
