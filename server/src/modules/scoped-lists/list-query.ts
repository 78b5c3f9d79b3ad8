import { LIST_COUNT_CAP, type MONEY_LIST_SORTS } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import type { Actor, UserCallContext } from '../../core/context';
import {
  readListTotals,
  readRollupStatusCounts,
  type FixedCondition,
  type TotalsQuery,
  type TotalsSpec,
} from './list-totals';
import {
  addStatus,
  isDesc,
  keyFrom,
  listConditions,
  listQueryOf,
  orderOf,
  sortColumnOf,
  withStatus,
  type Conditions,
  type ListQuery,
} from './list-conditions';
import type { ListInput, ListPage, ScopedList, ScopedListSpec } from './list-spec';
import { moneySearchColumns } from './search-condition';
import { scopeCondition } from './scope';

export type { ListInput, ListPage, ScopedList, ScopedListSpec } from './list-spec';

type MoneyListSort = (typeof MONEY_LIST_SORTS)[number];

/**
 * A money lifecycle's list: its rows carry the owner columns, `id`, `currency`, `amount`,
 * `status`, `created_at` and `updated_at` under `alias`, so only what differs is spelled out;
 * the search box finds a row by its id and by `searchTexts` (order id, gateway reference…).
 */
export function defineMoneyList<R>(
  spec: Omit<ScopedListSpec, 'search' | 'sorts' | 'defaultSort' | 'amount' | 'totals'> & {
    readonly searchTexts?: readonly string[];
    /** Exact matches on another table (`SearchColumns.lookups`): a pay-in's order id. */
    readonly searchLookups?: Parameters<typeof moneySearchColumns>[3];
    /** Sortable columns besides a money list's own (a dispute's deadline), never null. */
    readonly moreSorts?: Readonly<Record<string, string>>;
    readonly totals: TotalsSpec;
  },
): ScopedList<R> {
  const { searchTexts = [], searchLookups = [], moreSorts = {}, ...rest } = spec;
  return defineScopedList<R>({
    ...rest,
    search: moneySearchColumns(spec.from, spec.alias, searchTexts, searchLookups),
    sorts: { ...MONEY_LIST_SORT_COLUMNS(spec.alias), ...moreSorts },
    defaultSort: 'created_at',
    amount: `${spec.alias}.amount`,
  });
}

/** The sortable columns of a money lifecycle's table under `alias` (the contract's MONEY_LIST_SORTS). */
const MONEY_LIST_SORT_COLUMNS = (alias: string): Record<MoneyListSort, string> => ({
  created_at: `${alias}.created_at`,
  updated_at: `${alias}.updated_at`,
  amount: `${alias}.amount`,
});

async function cappedCount(db: Queryable, q: ListQuery, c: Conditions): Promise<number> {
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM (SELECT 1 ${keyFrom(q, c)} WHERE ${c.text()} LIMIT ${LIST_COUNT_CAP + 1}) x`,
    c.params,
  );
  return Number(rows[0]?.n ?? 0n);
}

/**
 * How many rows of each status match (every status of the lifecycle), each counted up to one
 * past the cap: one short index range per status where an index leads with it.
 */
async function statusCounts(
  db: Queryable,
  q: ListQuery,
  c: Conditions,
  statuses: readonly string[],
): Promise<Record<string, number>> {
  const list = `$${c.params.length + 1}::text[]`;
  const { rows } = await db.query<{ s: string; n: bigint }>(
    `SELECT s, (SELECT count(*) FROM (SELECT 1 ${keyFrom(q, c)} WHERE ${c.text()} AND ${q.spec.alias}.status = st.s
               LIMIT ${LIST_COUNT_CAP + 1}) x) AS n
       FROM unnest(${list}) AS st(s)`,
    [...c.params, statuses],
  );
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}

/**
 * Each status's count for a page: from the report rollups' all-time rows where they answer the
 * request exactly (`readRollupStatusCounts`: no date range, no search), flat however long the
 * history; otherwise each status's rows counted up to the cap.
 */
async function statusCountsOf(
  db: Queryable,
  q: ListQuery,
  actor: Actor,
  input: ListInput,
  fixed: readonly FixedCondition[],
  anyStatus: Conditions,
  statuses: readonly string[],
): Promise<Record<string, number>> {
  const totals = totalsQueryOf(q, actor, input, fixed);
  const counted = totals && (await readRollupStatusCounts(db, totals, LIST_COUNT_CAP));
  if (!counted) return statusCounts(db, q, anyStatus, statuses);
  return Object.fromEntries(statuses.map((s) => [s, counted[s] ?? 0]));
}

/**
 * The ids of a page's rows, in order (a query and its parameters). They are read from the
 * table alone where the conditions allow, so an offset walks an index, not joined rows. A
 * reseller's are read merchant by merchant, each merchant's first `offset + size` rows from
 * its own index, then merged: a new reseller or one with a small share of a big table costs
 * no more than its own rows, where one walk of the whole table's order would pass everyone
 * else's. The merchants are those the scope itself lets through, and the scope stays on every
 * row, so the rows are exactly the plain query's.
 */
function pageKeys(
  q: ListQuery,
  actor: Actor,
  all: Conditions,
  input: ListInput,
  offset: number,
): { sql: string; params: unknown[] } {
  const { spec, merchantColumn } = q;
  const a = spec.alias;
  const size = Math.trunc(input.pageSize);
  const from = keyFrom(q, all, sortColumnOf(spec, input));
  if (actor.accountType !== 'reseller' || !merchantColumn)
    return {
      sql: `SELECT ${a}.id ${from} WHERE ${all.text()} ORDER BY ${orderOf(spec, input)}
             LIMIT ${size} OFFSET ${Math.trunc(offset)}`,
      params: all.params,
    };
  const params = [...all.params];
  const merchants = scopeCondition(actor, { merchant: 'scoped_merchant.id' }, params);
  const dir = isDesc(input) ? 'DESC' : 'ASC';
  return {
    sql: `SELECT merchant_keys.id FROM accounts scoped_merchant CROSS JOIN LATERAL (
            SELECT ${a}.id, ${sortColumnOf(spec, input)} AS sort_key ${from}
             WHERE ${merchantColumn} = scoped_merchant.id AND ${all.text()}
             ORDER BY ${orderOf(spec, input)} LIMIT ${size + Math.trunc(offset)}) merchant_keys
           WHERE ${merchants}
           ORDER BY merchant_keys.sort_key ${dir}, merchant_keys.id ${dir}
           LIMIT ${size} OFFSET ${Math.trunc(offset)}`,
    params,
  };
}

/** One page with its capped total and, for a lifecycle, the capped count of each status. */
async function readPage<R>(
  db: Queryable,
  q: ListQuery,
  actor: Actor,
  input: ListInput,
  fixed: readonly FixedCondition[],
): Promise<ListPage<R>> {
  const { spec } = q;
  const anyStatus = listConditions(spec, actor, input, fixed);
  const all = withStatus(spec, anyStatus, input);
  const offset = (input.page - 1) * input.pageSize;
  const statuses = spec.statuses;
  // With tabs, the total is the tab's count, or the sum of them all (each counted one past
  // the cap, so the sum passes the cap exactly when the total does): one count query less.
  const totalFromCounts = statuses && (!input.status || statuses.includes(input.status));
  const keys = pageKeys(q, actor, all, input, offset);
  const [page, counts, counted] = await Promise.all([
    // The page's ids (`pageKeys`), then its rows with their joins, looked up by id.
    db.query<R>(
      `SELECT ${spec.columns} ${spec.from} WHERE ${spec.alias}.id = ANY(ARRAY(${keys.sql}))
        ORDER BY ${orderOf(spec, input)}`,
      keys.params,
    ),
    statuses ? statusCountsOf(db, q, actor, input, fixed, anyStatus, statuses) : undefined,
    totalFromCounts ? Promise.resolve(undefined) : cappedCount(db, q, all),
  ]);
  const total =
    counted ??
    (input.status ? counts![input.status]! : Object.values(counts!).reduce((sum, n) => sum + n, 0));
  const capped = total > LIST_COUNT_CAP;
  const status_counts = counts
    ? Object.fromEntries(Object.entries(counts).map(([s, n]) => [s, Math.min(n, LIST_COUNT_CAP)]))
    : undefined;
  return {
    rows: page.rows,
    // A page past the cap still shows where it is: the total is at least what came before.
    total: capped ? Math.max(LIST_COUNT_CAP, offset + page.rows.length) : total,
    page: input.page,
    page_size: input.pageSize,
    ...(status_counts ? { status_counts } : {}),
    ...(capped ? { total_is_capped: true } : {}),
  };
}

/** The list's request as its totals read it (`list-totals.ts`); null for a list without totals. */
function totalsQueryOf(
  q: ListQuery,
  actor: Actor,
  input: ListInput,
  fixed: readonly FixedCondition[],
): TotalsQuery | null {
  const { spec } = q;
  if (!spec.totals || !spec.amount) return null;
  return {
    alias: spec.alias,
    amount: spec.amount,
    spec: spec.totals,
    actor,
    input,
    fixed,
    codes: spec.codes,
    matching: (params, without) => {
      const read = without === 'to' ? { ...input, to: undefined } : input;
      const c = addStatus(spec, listConditions(spec, actor, read, fixed, params), read);
      return { from: keyFrom(q, c), where: c.text() };
    },
  };
}

/** The list's totals (`list-totals.ts`) over its own conditions; none without totals. */
function totalsOf(q: ListQuery): ScopedList<unknown>['totals'] {
  if (!q.spec.totals || !q.spec.amount) return undefined;
  return (db, actor, input, fixed = [], cap) =>
    readListTotals(db, totalsQueryOf(q, actor, input, fixed)!, cap);
}

/** Every matching row in the page's order, `chunk` at a time (`ScopedList.chunks`). */
async function* readChunks<R>(
  db: Queryable & Pick<Db, 'readInBatches'>,
  spec: ScopedListSpec,
  actor: Actor,
  input: ListInput,
  fixed: readonly FixedCondition[],
  chunk: number,
): AsyncGenerator<R[]> {
  const all = withStatus(spec, listConditions(spec, actor, input, fixed), input);
  if (db.readInBatches) {
    // PostgreSQL: one query, one sort or index scan, read through a cursor.
    yield* db.readInBatches<R>(
      `SELECT ${spec.columns} ${spec.from} WHERE ${all.text()} ORDER BY ${orderOf(spec, input)}`,
      all.params,
      chunk,
    );
    return;
  }
  // PGlite: keyset chunks, each a query of its own, so its one connection stays free.
  const column = sortColumnOf(spec, input);
  const cmp = isDesc(input) ? '<' : '>';
  let after: { key: unknown; id: string } | null = null;
  for (;;) {
    const params = [...all.params];
    const keyset: string = after
      ? ` AND (${column}, ${spec.alias}.id) ${cmp} ($${params.push(after.key)}, $${params.push(after.id)}::uuid)`
      : '';
    // The key travels as the database's own text of it: a timestamp keeps its
    // microseconds (a JS Date would round them off and skip or repeat rows).
    const { rows }: { rows: (R & { _key: string; id: string })[] } = await db.query(
      `SELECT ${spec.columns}, (${column})::text AS _key ${spec.from} WHERE ${all.text()}${keyset}
        ORDER BY ${orderOf(spec, input)} LIMIT ${Math.trunc(chunk)}`,
      params,
    );
    if (!rows.length) return;
    const last = rows[rows.length - 1]!;
    after = { key: last._key, id: last.id };
    for (const row of rows) delete (row as { _key?: unknown })._key;
    yield rows;
    if (rows.length < chunk) return;
  }
}

/** Builds a list from its spec; the list's module gives it its own constant conditions. */
export function defineScopedList<R>(spec: ScopedListSpec): ScopedList<R> {
  const q = listQueryOf(spec);
  const a = spec.alias;
  return {
    spec,
    async byId(db, actor, id) {
      const params: unknown[] = [id];
      const { rows } = await db.query<R>(
        `SELECT ${spec.columns} ${spec.from}
          WHERE ${a}.id = $1::uuid AND ${scopeCondition(actor, spec.scope, params)}`,
        params,
      );
      return rows[0] ?? null;
    },

    async byIds(db, actor, ids) {
      if (!ids.length) return [];
      const params: unknown[] = [ids];
      const { rows } = await db.query<R>(
        `SELECT ${spec.columns} ${spec.from}
          WHERE ${a}.id = ANY($1::uuid[]) AND ${scopeCondition(actor, spec.scope, params)}`,
        params,
      );
      return rows;
    },

    page: (db, actor, input, fixed = []) => readPage<R>(db, q, actor, input, fixed),
    totals: totalsOf(q),
    chunks: (db, actor, input, fixed = [], chunk = 2000) =>
      readChunks<R>(db, spec, actor, input, fixed, chunk),
  };
}

/**
 * A list call's service (`CallRegistry.list`) from a scoped list and the view of its rows:
 * the page for the screen, the chunks for the export and the totals go through the same
 * conditions. `fixed` adds the call's own constant conditions (a queue's statuses, a
 * destination).
 */
export function serveList<R, V, I extends ListInput>(
  list: ScopedList<R>,
  view: (row: R) => V,
  fixed: (input: I, actor: Actor) => readonly FixedCondition[] = () => [],
) {
  const { totals } = list;
  return {
    totals:
      totals &&
      (async (ctx: UserCallContext, input: I) => {
        const answer = await totals(ctx.db, ctx.actor, input, fixed(input, ctx.actor));
        return { totals: answer.totals, capped: answer.capped };
      }),
    async page(ctx: UserCallContext, input: I) {
      const page = await list.page(ctx.db, ctx.actor, input, fixed(input, ctx.actor));
      return { ...page, rows: page.rows.map(view) };
    },
    async *chunks(ctx: UserCallContext, input: I) {
      for await (const rows of list.chunks(ctx.db, ctx.actor, input, fixed(input, ctx.actor)))
        yield rows.map(view);
    },
  };
}
