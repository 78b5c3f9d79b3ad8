import { containsPattern } from '../../db/like-patterns';
import { nextString, PREFIX_CANDIDATES, uuidRange } from './search-prefix';

/**
 * Rows of this table found through another's text column: `column` holds the id of a row of
 * `table` whose `by` matches (a refund by its pay-in's order id: `f.payin_id`, `payins`,
 * `order_id`), through an index of each table. A joined table's column in an OR with this
 * table's would read every joined row instead.
 */
export interface SearchLookup {
  readonly column: string;
  readonly table: string;
  readonly by: string;
}

/** What a list's one search box looks in. */
export interface SearchColumns {
  /** uuid columns, matched when the text is an id. */
  readonly ids: readonly string[];
  /** Text columns matched exactly (order ids, gateway references). */
  readonly texts: readonly string[];
  readonly lookups?: readonly SearchLookup[];
  /** Text columns holding the text anywhere, any case (names, emails, subjects). */
  readonly contains?: readonly string[];
  /**
   * The table `alias` names, whose `id` and `texts` (`alias.column`) can be matched by their
   * start (`SearchMode` 'prefix'); a list without it is searched exactly in either mode.
   */
  readonly table?: { readonly name: string; readonly alias: string };
}

/**
 * 'exact': ids and texts equal to the text (the lists' search boxes). 'prefix': also those
 * starting with it, at most PREFIX_CANDIDATES per column, read before the caller's scope
 * (the global search; docs/search.md).
 */
export type SearchMode = 'exact' | 'prefix';

/**
 * A money list's search columns: its id, `texts` and `lookups`, each by its start in 'prefix'
 * mode on the table `alias` names in `from` (`FROM payins p …`).
 */
export function moneySearchColumns(
  from: string,
  alias: string,
  texts: readonly string[],
  lookups: readonly SearchLookup[],
): SearchColumns {
  const head = /^\s*FROM\s+(\w+)\s+(\w+)\b/i.exec(from);
  const table = head && head[2] === alias ? { name: head[1]!, alias } : undefined;
  return { ids: [`${alias}.id`], texts, lookups, ...(table ? { table } : {}) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is an id (a uuid), so uuid columns can be compared with it. */
export const isUuid = (text: string) => UUID.test(text.trim());

const bare = (column: string) => column.slice(column.indexOf('.') + 1);

/**
 * The ids of `table`'s first PREFIX_CANDIDATES rows, in `column`'s order, whose `column`
 * starts with the text (`$n`): a range of `column`'s btree index, rechecked by `starts_with`.
 */
function prefixCandidates(table: string, column: string, text: string, params: unknown[]) {
  const next = nextString(text);
  const n = params.push(text);
  const below = next === null ? '' : ` AND ${column} < $${params.push(next)}`;
  // `<> ''` matches a partial index's predicate (gateway references: 0301, 0815).
  return `(SELECT id FROM ${table} WHERE ${column} >= $${n}${below} AND ${column} <> ''
      AND starts_with(${column}, $${n}) ORDER BY ${column} LIMIT ${PREFIX_CANDIDATES})`;
}

/**
 * The ids of `table`'s rows whose id starts with `text` (a primary key range), or none (a
 * whole id is matched exactly already).
 */
function idCandidates(table: string, text: string, params: unknown[]): string[] {
  const range = isUuid(text) ? null : uuidRange(text);
  if (!range) return [];
  const lower = params.push(range.lower);
  const upper = params.push(range.upper);
  return [
    `(SELECT id FROM ${table} WHERE id >= $${lower}::uuid AND id <= $${upper}::uuid
      ORDER BY id LIMIT ${PREFIX_CANDIDATES})`,
  ];
}

/**
 * The prefix part of the condition: the rows of `columns.table` whose id or a text column
 * starts with `s`, and the rows found through each lookup's table by the start of its `by`.
 */
function prefixConditions(columns: SearchColumns, s: string, params: unknown[]): string[] {
  const { table } = columns;
  if (!table) return [];
  const own = [
    ...idCandidates(table.name, s, params),
    ...columns.texts.map((col) => prefixCandidates(table.name, bare(col), s, params)),
  ];
  const looked = (columns.lookups ?? []).map(
    (l) => `${l.column} = ANY(ARRAY(${prefixCandidates(l.table, l.by, s, params)}))`,
  );
  return [
    ...(own.length ? [`${table.alias}.id = ANY(ARRAY(${own.join(' UNION ALL ')}))`] : []),
    ...looked,
  ];
}

/**
 * The condition a search box's `text` adds to a list, its parameters pushed onto `params`
 * (`$n` numbered): any of the columns matching, or FALSE for a list with nothing to search.
 * Exact matches are always part of it, so an exact id or order id is found however many rows
 * share its start.
 */
export function searchCondition(
  columns: SearchColumns,
  text: string,
  params: unknown[],
  mode: SearchMode = 'exact',
): string {
  // One parameter per type: PostgreSQL gives a parameter one type for the whole statement.
  const s = text.trim();
  const any: string[] = [];
  if (isUuid(s) && columns.ids.length) {
    const n = params.push(s);
    any.push(...columns.ids.map((col) => `${col} = $${n}::uuid`));
  }
  if (columns.texts.length || columns.lookups?.length) {
    const n = params.push(s);
    any.push(...columns.texts.map((col) => `${col} = $${n}`));
    any.push(
      ...(columns.lookups ?? []).map(
        (l) => `${l.column} = ANY(ARRAY(SELECT id FROM ${l.table} WHERE ${l.by} = $${n}))`,
      ),
    );
  }
  if (mode === 'prefix') any.push(...prefixConditions(columns, s, params));
  if (columns.contains?.length) {
    const n = params.push(containsPattern(s));
    any.push(...columns.contains.map((col) => `${col} ILIKE $${n}`));
  }
  return any.length ? `(${any.join(' OR ')})` : 'FALSE';
}
