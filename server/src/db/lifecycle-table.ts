import type { Queryable } from './db';
import { runWrites, type Writes } from './writes';

/** How a column travels in a batched `unnest` insert. */
export type SqlType = 'uuid' | 'text' | 'bigint' | 'bool' | 'timestamptz' | 'int';

/** Every column of a lifecycle's table with its SQL type: the one place its shape is written. */
export type ColumnMap<Row> = { readonly [K in keyof Row]-?: SqlType };

/** A lifecycle's table: its columns and what a state change stamps. */
export interface LifecycleTableSpec<Row, Carried extends keyof Row = never> {
  readonly table: string;
  /** The alias every query of this table uses (`p` for payins …), so list SQL can name columns. */
  readonly alias: string;
  readonly columns: ColumnMap<Row>;
  /** Columns a new row leaves to the table's default (set only by state changes). */
  readonly setLater: readonly (keyof Row)[];
  /** Stamped with the change's time when it reaches a final state. */
  readonly finalAt?: keyof Row;
  /** Stamped with the change's time at the first decision (kept afterwards). */
  readonly decidedAt?: keyof Row;
  /** Text columns a state change may set (a gateway's reference…); a change without one keeps the old. */
  readonly carried?: readonly Carried[];
}

/** One row's move from the status it was judged on to a new one. */
export interface StateChange<Carried extends PropertyKey = never> {
  readonly id: string;
  /** The status the change was decided on: a row found in another status fails the write. */
  readonly from: string;
  readonly status: string;
  readonly at: Date;
  readonly final?: boolean;
  readonly decided?: boolean;
  readonly values?: Partial<Record<Carried, string | undefined>>;
}

/** The batched table access of one money lifecycle, built from its column map. */
export interface LifecycleTable<Row, Carried extends keyof Row> {
  readonly table: string;
  readonly alias: string;
  /** `p.id, p.merchant_account_id, …`: the row's columns under the alias. */
  readonly columns: string;
  /** The write inserting `rows` in one statement; a unique violation fails it whole. */
  insertWrites(rows: readonly Row[]): Writes;
  /** Inserts `rows` now (`insertWrites` run on its own). */
  insert(db: Queryable, rows: readonly Row[]): Promise<void>;
  /** Inserts `rows`, skipping those that hit the unique key `onConflict`; returns the ids inserted. */
  insertSkippingConflicts(
    db: Queryable,
    rows: readonly Row[],
    onConflict: string,
  ): Promise<string[]>;
  /** Locks the rows with these ids for a transition, in id order (one lock order for everyone). */
  lock(db: Queryable, ids: readonly string[]): Promise<Row[]>;
  /** The write of new states; null when none. See `mergeStateChanges` for several steps of one row. */
  stateWrites(changes: readonly StateChange<Carried>[]): Writes | null;
  /** Writes new states now (`stateWrites` run on its own). */
  updateStates(db: Queryable, changes: readonly StateChange<Carried>[]): Promise<void>;
}

const wire = (type: SqlType, value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (type === 'bigint') return String(value as bigint);
  if (type === 'timestamptz') return (value as Date).toISOString();
  return value;
};

/**
 * Several steps of one row in a batch become one change: judged on the first step's status,
 * ending in the last one's, final or decided if any step was, carrying the latest values.
 */
export function mergeStateChanges<C extends PropertyKey>(
  changes: readonly StateChange<C>[],
): StateChange<C>[] {
  const merged = new Map<string, StateChange<C>>();
  for (const c of changes) {
    const before = merged.get(c.id);
    if (!before) {
      merged.set(c.id, c);
      continue;
    }
    const values: Partial<Record<C, string | undefined>> = { ...before.values };
    for (const [k, v] of Object.entries(c.values ?? {}) as [C, string | undefined][])
      if (v !== undefined) values[k] = v;
    merged.set(c.id, {
      ...c,
      from: before.from,
      final: Boolean(before.final || c.final),
      decided: Boolean(before.decided || c.decided),
      values,
    });
  }
  return [...merged.values()];
}

/**
 * Builds a lifecycle's table access from its column map: the typed row, a batched insert, the
 * lock, and the state update that writes only from the judged status (`expectedRows`, so a
 * changed row rolls the transaction back instead of being overwritten).
 */
export function defineLifecycleTable<Row, Carried extends keyof Row = never>(
  spec: LifecycleTableSpec<Row, Carried>,
): LifecycleTable<Row, Carried> {
  const a = spec.alias;
  const all = Object.keys(spec.columns) as (keyof Row & string)[];
  const inserted = all.filter((c) => !spec.setLater.includes(c));
  const columns = all.map((c) => `${a}.${c}`).join(', ');
  const insertSql = `INSERT INTO ${spec.table} (${inserted.join(', ')})
     SELECT * FROM unnest(${inserted.map((c, i) => `$${i + 1}::${spec.columns[c]}[]`).join(', ')})`;
  const insertParams = (rows: readonly Row[]) =>
    inserted.map((c) => rows.map((r) => wire(spec.columns[c], r[c])));
  const carried = (spec.carried ?? []) as readonly (Carried & string)[];
  const stamp = (column: keyof Row | undefined, flag: string, keepFirst: boolean) =>
    column
      ? `, ${String(column)} = CASE WHEN x.${flag}${keepFirst ? ` AND ${a}.${String(column)} IS NULL` : ''} THEN x.t ELSE ${a}.${String(column)} END`
      : '';
  const carriedSet = carried.map((c, i) => `, ${c} = coalesce(x.c${i}, ${a}.${c})`).join('');
  const carriedArgs = carried.map((_c, i) => `, $${i + 7}::text[]`).join('');
  const carriedNames = carried.map((_c, i) => `, c${i}`).join('');
  const updateSql = `UPDATE ${spec.table} ${a} SET status = x.s, updated_at = x.t${stamp(spec.finalAt, 'f', false)}${stamp(spec.decidedAt, 'd', true)}${carriedSet}
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::bool[], $6::bool[]${carriedArgs})
            AS x(i, fr, s, t, f, d${carriedNames})
      WHERE ${a}.id = x.i AND ${a}.status = x.fr`;

  const table: LifecycleTable<Row, Carried> = {
    table: spec.table,
    alias: a,
    columns,
    insertWrites: (rows) => ({ statements: [insertSql], params: insertParams(rows) }),
    insert: (db, rows) => runWrites(db, [table.insertWrites(rows)]),
    async insertSkippingConflicts(db, rows, onConflict) {
      const { rows: done } = await db.query<{ id: string }>(
        `${insertSql} ON CONFLICT (${onConflict}) DO NOTHING RETURNING id`,
        insertParams(rows),
      );
      return done.map((r) => r.id);
    },
    async lock(db, ids) {
      const { rows } = await db.query<Row>(
        `SELECT ${columns} FROM ${spec.table} ${a} WHERE ${a}.id = ANY($1::uuid[]) ORDER BY ${a}.id FOR UPDATE`,
        [[...ids]],
      );
      return rows;
    },
    stateWrites(changes) {
      if (!changes.length) return null;
      const merged = mergeStateChanges(changes);
      return {
        statements: [updateSql],
        params: [
          merged.map((c) => c.id),
          merged.map((c) => c.from),
          merged.map((c) => c.status),
          merged.map((c) => c.at.toISOString()),
          merged.map((c) => Boolean(c.final)),
          merged.map((c) => Boolean(c.decided)),
          ...carried.map((k) => merged.map((c) => c.values?.[k] ?? null)),
        ],
        expectedRows: [merged.length],
      };
    },
    updateStates: (db, changes) => runWrites(db, [table.stateWrites(changes)]),
  };
  return table;
}
