import {
  LIST_COUNT_CAP,
  type RiskEntryState,
  type RiskListType,
  type SortDirection,
} from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import type { ScopeActor } from '../scoped-lists/list-spec';
import {
  countEntriesByState,
  countListsByType,
  ENTRY_COLUMNS,
  ENTRY_FROM,
  entryConditions,
  entryStateCondition,
  LIST_COLUMNS,
  LIST_FROM,
  listConditions,
  type EntryFilters,
  type RiskEntryRecord,
  type RiskListFilters,
  type RiskListRecord,
} from './risk-lists.queries';

/**
 * The pages and export chunks of the two risk list screens: the lists (tabs by list type) and
 * one list's entries (tabs by state), each in the list protocol's answer.
 */

interface Paging {
  readonly page: number;
  readonly pageSize: number;
  readonly direction?: SortDirection;
}

const LIST_SORTS = { created_at: 'l.created_at', name: 'l.name' } as const;
const dirOf = (p: { direction?: SortDirection }) => (p.direction === 'asc' ? 'ASC' : 'DESC');

/** The total of a tabbed page: its tab's count, or every tab's. */
const totalOf = (counts: Record<string, number>, tab: string | undefined) =>
  tab ? (counts[tab] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0);

const capped = (total: number) => ({
  total: Math.min(total, LIST_COUNT_CAP),
  ...(total > LIST_COUNT_CAP ? { total_is_capped: true } : {}),
});

type ListsInput = RiskListFilters &
  Paging & { readonly listType?: RiskListType; readonly sort?: keyof typeof LIST_SORTS };

function listsQuery(actor: ScopeActor, input: ListsInput) {
  const params: unknown[] = [new Date()];
  const where = listConditions(actor, input, params);
  if (input.listType) where.push(`l.list_type = $${params.push(input.listType)}`);
  const dir = dirOf(input);
  const order = `${LIST_SORTS[input.sort ?? 'created_at']} ${dir}, l.id ${dir}`;
  return {
    sql: `SELECT ${LIST_COLUMNS('$1::timestamptz')} ${LIST_FROM} WHERE ${where.join(' AND ')} ORDER BY ${order}`,
    params,
  };
}

export async function riskListsPage(db: Queryable, actor: ScopeActor, input: ListsInput) {
  const q = listsQuery(actor, input);
  const offset = (input.page - 1) * input.pageSize;
  const [page, counts] = await Promise.all([
    db.query<RiskListRecord>(
      `${q.sql} LIMIT ${Math.trunc(input.pageSize)} OFFSET ${offset}`,
      q.params,
    ),
    countListsByType(db, actor, input),
  ]);
  return {
    rows: page.rows,
    ...capped(totalOf(counts, input.listType)),
    page: input.page,
    page_size: input.pageSize,
    status_counts: counts,
  };
}

/** Every matching list (lists are few: one read, handed on in chunks). */
export async function* riskListsChunks(db: Queryable, actor: ScopeActor, input: ListsInput) {
  const q = listsQuery(actor, input);
  const { rows } = await db.query<RiskListRecord>(q.sql, q.params);
  for (let i = 0; i < rows.length; i += 2000) yield rows.slice(i, i + 2000);
}

type EntriesInput = EntryFilters & Paging & { readonly status?: RiskEntryState };

function entriesWhere(input: EntriesInput, params: unknown[]) {
  const where = entryConditions(input, params);
  if (input.status) where.push(entryStateCondition(input.status));
  return where;
}

export async function riskEntriesPage(db: Queryable, input: EntriesInput) {
  const at = new Date();
  const params: unknown[] = [input.listId, at];
  const where = entriesWhere(input, params);
  const dir = dirOf(input);
  const offset = (input.page - 1) * input.pageSize;
  const [page, counts] = await Promise.all([
    db.query<RiskEntryRecord>(
      `SELECT ${ENTRY_COLUMNS('$2::timestamptz')} ${ENTRY_FROM} WHERE ${where.join(' AND ')}
        ORDER BY e.created_at ${dir}, e.id ${dir}
        LIMIT ${Math.trunc(input.pageSize)} OFFSET ${offset}`,
      params,
    ),
    countEntriesByState(db, input, at),
  ]);
  return {
    rows: page.rows,
    ...capped(totalOf(counts, input.status)),
    page: input.page,
    page_size: input.pageSize,
    status_counts: counts,
  };
}

/**
 * Every matching entry, `chunk` at a time, newest first: keyset pages on (created_at, id), the
 * time carried as the database's text of it (a JS Date would drop its microseconds).
 */
export async function* riskEntriesChunks(
  db: Queryable & Pick<Db, 'readInBatches'>,
  input: EntriesInput,
  chunk = 2000,
) {
  const at = new Date();
  const dir = dirOf(input);
  const cmp = dir === 'DESC' ? '<' : '>';
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [input.listId, at];
    const where = entriesWhere(input, params);
    if (after)
      where.push(
        `(e.created_at, e.id) ${cmp} ($${params.push(after.key)}::timestamptz, $${params.push(after.id)}::uuid)`,
      );
    const { rows } = await db.query<RiskEntryRecord & { _key: string }>(
      `SELECT ${ENTRY_COLUMNS('$2::timestamptz')}, e.created_at::text AS _key ${ENTRY_FROM}
        WHERE ${where.join(' AND ')} ORDER BY e.created_at ${dir}, e.id ${dir} LIMIT ${chunk}`,
      params,
    );
    if (!rows.length) return;
    const last = rows[rows.length - 1]!;
    after = { key: last._key, id: last.id };
    yield rows;
    if (rows.length < chunk) return;
  }
}
