import {
  CURRENCIES,
  LIST_COUNT_CAP,
  currencyInfo,
  type MONEY_LIST_SORTS,
  type SortDirection,
} from '@bo/contract';

type MoneyListSort = (typeof MONEY_LIST_SORTS)[number];
import type { Db, Queryable } from '../../db/db';
import type { Actor, UserCallContext } from '../../core/context';
import {
  readListTotals,
  sqlOf,
  type FixedCondition,
  type ListFilters,
  type ListTotals,
  type TotalsSpec,
} from './list-totals';
import { moneySearchColumns, searchCondition, type SearchColumns } from './search-condition';
import { scopeCondition } from './scope';

/**
 * One scoped list of one table, described once and served twice: a page for the screen and
 * chunks for the export stream, from the same conditions, so the two can never disagree.
 */
export interface ScopedListSpec {
  /**
   * `FROM payins p JOIN accounts m ON m.id = p.merchant_account_id …`: the table under `alias`
   * and what the rows show. Joins only look a row's one partner up by its id (`ON m.id = p.…`),
   * so counts and the page's keys read the table alone when no condition names a joined alias
   * (`baseOf`); a from clause of any other shape is always read whole.
   */
  readonly from: string;
  /** The selected columns, the table's and the joined names. */
  readonly columns: string;
  readonly alias: string;
  /** The owner columns the actor's scope is checked on. */
  readonly scope: { readonly merchant?: string; readonly reseller?: string };
  /**
   * The conditions of the code filters, `?` standing for the code (`ownerCodeConditions`); a
   * list without one finds nothing for that filter.
   */
  readonly codes: {
    readonly merchant?: string;
    readonly reseller?: string;
    readonly gateway?: string;
  };
  /** Every status of the lifecycle, for the counts per status (none: the list has no tabs). */
  readonly statuses?: readonly string[];
  /** What the one search box looks in (`search-condition.ts`). */
  readonly search: SearchColumns;
  /** Sortable columns by the name the contract's `sort` field uses; each never null. */
  readonly sorts: Readonly<Record<string, string>>;
  /** The column sorted by when the request names none (newest first). */
  readonly defaultSort: string;
  /** The amount column (minor units of `<alias>.currency`) the amount range compares with. */
  readonly amount?: string;
  /** How the rows add up for `getListTotals` (needs `amount`; none: the list has no totals). */
  readonly totals?: TotalsSpec;
}

/** Who a scope is checked for. */
type ScopeActor = Pick<Actor, 'accountType' | 'scopeAccountId'>;

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

/**
 * The fields every list request may carry (the contract's `listRequest`, plus `status`/`sort`):
 * its filters, which its totals read too, and its page and order.
 */
export interface ListInput extends ListFilters {
  readonly page: number;
  readonly pageSize: number;
  readonly sort?: string;
  readonly direction?: SortDirection;
}

/** What a list call answers (the contract's `listPageOf`), with rows still as records. */
export interface ListPage<R> {
  rows: R[];
  total: number;
  page: number;
  page_size: number;
  status_counts?: Record<string, number>;
  total_is_capped?: boolean;
}

export interface ScopedList<R> {
  /** What the list was built from (its search columns serve the global search too). */
  readonly spec: ScopedListSpec;
  /** One row by id if the actor may see it, else null (nothing outside the scope is revealed). */
  byId(db: Queryable, actor: ScopeActor, id: string): Promise<R | null>;
  /** The rows of `ids` the actor may see, in no set order (one query for many). */
  byIds(db: Queryable, actor: ScopeActor, ids: readonly string[]): Promise<R[]>;
  /** One page with the capped total and, for a lifecycle, the capped count of each status. */
  page(
    db: Queryable,
    actor: Actor,
    input: ListInput,
    fixed?: readonly FixedCondition[],
  ): Promise<ListPage<R>>;
  /**
   * Every matching row in the page's order, `chunk` at a time, with flat memory: through a
   * cursor where the database has one to spare (`Db.readInBatches`, PostgreSQL: one pass, one
   * snapshot), else each chunk read on its own after the last row of the one before (keyset,
   * PGlite: its one connection is never held while a file is written).
   */
  chunks(
    db: Queryable & Pick<Db, 'readInBatches'>,
    actor: Actor,
    input: ListInput,
    fixed?: readonly FixedCondition[],
    chunk?: number,
  ): AsyncGenerator<R[]>;
  /**
   * Count and sums per currency of every matching row (`list-totals.ts`), from the same
   * conditions; absent when the list has no totals.
   */
  readonly totals?: (
    db: Queryable,
    actor: Actor,
    input: ListInput,
    fixed?: readonly FixedCondition[],
    cap?: number,
  ) => Promise<ListTotals>;
}

/** The sortable columns of a money lifecycle's table under `alias` (the contract's MONEY_LIST_SORTS). */
const MONEY_LIST_SORT_COLUMNS = (alias: string): Record<MoneyListSort, string> => ({
  created_at: `${alias}.created_at`,
  updated_at: `${alias}.updated_at`,
  amount: `${alias}.amount`,
});

/** Minor units of a decimal bound, rounded inward: a minimum up, a maximum down. */
function amountBound(text: string, scale: number, side: 'min' | 'max'): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  const exact = BigInt(whole + frac.slice(0, scale).padEnd(scale, '0'));
  const cut = /[1-9]/.test(frac.slice(scale));
  return side === 'min' && cut ? exact + 1n : exact;
}

/** The largest amount a `bigint` column holds. */
const MAX_AMOUNT = 2n ** 63n - 1n;

const SCALES = [...new Set(CURRENCIES.map((c) => c.scale))];
const codesOfScale = (scale: number) =>
  CURRENCIES.filter((c) => c.scale === scale).map((c) => c.code);

/** Conditions and their parameters, built as a list's request is read. */
class Conditions {
  readonly where: string[] = [];
  constructor(readonly params: unknown[] = []) {}
  /** Adds `sql`, its `?` standing for `value`'s parameter. */
  add(sql: string, value: unknown): void {
    this.where.push(sql.replace('?', `$${this.params.push(value)}`));
  }
  text(): string {
    return this.where.length ? this.where.join(' AND ') : 'TRUE';
  }
}

/**
 * The table of a list alone (`FROM payins p`) and a test for conditions naming one of its
 * joined aliases, when `from` is the table under its alias followed only by joins that look a
 * partner up by its id (`[LEFT] JOIN accounts m ON m.id = p.merchant_account_id`): each row
 * then has the one partner its columns show, so the rows matching conditions on the table
 * alone are the same with or without the joins. Null for any other shape.
 */
export function baseOf(spec: ScopedListSpec): { from: string; joined: RegExp } | null {
  const head =
    /^\s*FROM\s+(\w+)\s+(\w+)((?:\s+(?:LEFT\s+)?JOIN\s+\w+\s+\w+\s+ON\s+\w+\.\w+\s*=\s*\w+\.\w+)*)\s*$/i.exec(
      spec.from,
    );
  if (!head || head[2] !== spec.alias) return null;
  const joins = [
    ...head[3]!.matchAll(/JOIN\s+\w+\s+(\w+)\s+ON\s+(\w+)\.(\w+)\s*=\s*(\w+)\.(\w+)/gi),
  ];
  const aliases: string[] = [];
  for (const [, alias, l, lc, r, rc] of joins) {
    // One side is the joined row's id, the other a column of the list's table.
    const byId =
      (l === alias && lc === 'id' && r === spec.alias) ||
      (r === alias && rc === 'id' && l === spec.alias);
    if (!byId) return null;
    aliases.push(alias!);
  }
  return {
    from: `FROM ${head[1]} ${spec.alias}`,
    joined: aliases.length ? new RegExp(`\\b(?:${aliases.join('|')})\\.`) : /(?!)/,
  };
}

/** Builds a list from its spec; the list's module gives it its own constant conditions. */
export function defineScopedList<R>(spec: ScopedListSpec): ScopedList<R> {
  const a = spec.alias;
  const sortColumn = (input: ListInput) =>
    spec.sorts[input.sort ?? ''] ?? spec.sorts[spec.defaultSort]!;
  const desc = (input: ListInput) => (input.direction ?? 'desc') === 'desc';

  /**
   * Every condition of the request but the status (the tabs count across statuses), its
   * parameters pushed onto `params`.
   */
  function conditions(
    actor: Actor,
    input: ListInput,
    fixed: readonly FixedCondition[],
    params: unknown[] = [],
  ): Conditions {
    const c = new Conditions(params);
    c.where.push(scopeCondition(actor, spec.scope, c.params), ...fixed.map(sqlOf));
    if (input.currency) c.add(`${a}.currency = ?`, input.currency);
    if (input.from) c.add(`${a}.created_at >= ?`, new Date(input.from).toISOString());
    if (input.to) c.add(`${a}.created_at <= ?`, new Date(input.to).toISOString());
    const code = (condition: string | undefined, value: string | undefined) => {
      if (value === undefined) return;
      if (condition) c.add(condition, value);
      else c.where.push('FALSE');
    };
    code(spec.codes.merchant, input.merchantDbCode);
    code(spec.codes.reseller, input.resellerDbCode);
    code(spec.codes.gateway, input.gatewayCode);
    if (input.search) c.where.push(searchCondition(spec.search, input.search, c.params));
    for (const side of ['min', 'max'] as const) {
      const text = side === 'min' ? input.amountMin : input.amountMax;
      if (text === undefined || !spec.amount) continue;
      const op = side === 'min' ? '>=' : '<=';
      // A bound past what an amount column holds: no amount reaches a minimum there (NULL
      // compares false), and every amount is under such a maximum.
      const sqlBound = (scale: number) => {
        const bound = amountBound(text, scale, side);
        if (bound <= MAX_AMOUNT) return String(bound);
        return side === 'min' ? null : String(MAX_AMOUNT);
      };
      if (input.currency) {
        c.add(`${spec.amount} ${op} ?::bigint`, sqlBound(currencyInfo(input.currency).scale));
        continue;
      }
      // Without a currency, each row's bound is in its own currency's scale.
      const cases = SCALES.map((scale) => {
        const codes = `$${c.params.push(codesOfScale(scale))}::text[]`;
        return `WHEN ${a}.currency = ANY(${codes}) THEN $${c.params.push(sqlBound(scale))}::bigint`;
      });
      c.where.push(`${spec.amount} ${op} CASE ${cases.join(' ')} END`);
    }
    return c;
  }

  const addStatus = (c: Conditions, input: ListInput) => {
    if (input.status) c.add(`${a}.status = ?`, input.status);
    return c;
  };
  const withStatus = (c: Conditions, input: ListInput) => {
    const all = new Conditions([...c.params]);
    all.where.push(...c.where);
    return addStatus(all, input);
  };

  const base = baseOf(spec);
  /** What counts and keys read: the table alone unless a condition or the sort needs a join. */
  const keyFrom = (c: Conditions, sort = '') =>
    base && ![...c.where, sort].some((w) => base.joined.test(w)) ? base.from : spec.from;

  async function cappedCount(db: Queryable, c: Conditions): Promise<number> {
    const { rows } = await db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM (SELECT 1 ${keyFrom(c)} WHERE ${c.text()} LIMIT ${LIST_COUNT_CAP + 1}) x`,
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
    c: Conditions,
    statuses: readonly string[],
  ): Promise<Record<string, number>> {
    const list = `$${c.params.length + 1}::text[]`;
    const { rows } = await db.query<{ s: string; n: bigint }>(
      `SELECT s, (SELECT count(*) FROM (SELECT 1 ${keyFrom(c)} WHERE ${c.text()} AND ${a}.status = st.s
                 LIMIT ${LIST_COUNT_CAP + 1}) x) AS n
         FROM unnest(${list}) AS st(s)`,
      [...c.params, statuses],
    );
    return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
  }

  const order = (input: ListInput) => {
    const dir = desc(input) ? 'DESC' : 'ASC';
    return `${sortColumn(input)} ${dir}, ${a}.id ${dir}`;
  };

  /** The merchant column a reseller's scope is checked on, when it is a column of the table. */
  const merchantColumn =
    spec.scope.merchant && new RegExp(`^${a}\\.\\w+$`).test(spec.scope.merchant)
      ? spec.scope.merchant
      : null;

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
    actor: Actor,
    all: Conditions,
    input: ListInput,
    offset: number,
  ): { sql: string; params: unknown[] } {
    const size = Math.trunc(input.pageSize);
    const from = keyFrom(all, sortColumn(input));
    if (actor.accountType !== 'reseller' || !merchantColumn)
      return {
        sql: `SELECT ${a}.id ${from} WHERE ${all.text()} ORDER BY ${order(input)}
               LIMIT ${size} OFFSET ${Math.trunc(offset)}`,
        params: all.params,
      };
    const params = [...all.params];
    const merchants = scopeCondition(actor, { merchant: 'scoped_merchant.id' }, params);
    const dir = desc(input) ? 'DESC' : 'ASC';
    return {
      sql: `SELECT merchant_keys.id FROM accounts scoped_merchant CROSS JOIN LATERAL (
              SELECT ${a}.id, ${sortColumn(input)} AS sort_key ${from}
               WHERE ${merchantColumn} = scoped_merchant.id AND ${all.text()}
               ORDER BY ${order(input)} LIMIT ${size + Math.trunc(offset)}) merchant_keys
             WHERE ${merchants}
             ORDER BY merchant_keys.sort_key ${dir}, merchant_keys.id ${dir}
             LIMIT ${size} OFFSET ${Math.trunc(offset)}`,
      params,
    };
  }

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

    async page(db, actor, input, fixed = []) {
      const anyStatus = conditions(actor, input, fixed);
      const all = withStatus(anyStatus, input);
      const offset = (input.page - 1) * input.pageSize;
      const statuses = spec.statuses;
      // With tabs, the total is the tab's count, or the sum of them all (each counted one past
      // the cap, so the sum passes the cap exactly when the total does): one count query less.
      const totalFromCounts = statuses && (!input.status || statuses.includes(input.status));
      const keys = pageKeys(actor, all, input, offset);
      const [page, counts, counted] = await Promise.all([
        // The page's ids (`pageKeys`), then its rows with their joins, looked up by id.
        db.query<R>(
          `SELECT ${spec.columns} ${spec.from} WHERE ${a}.id = ANY(ARRAY(${keys.sql}))
            ORDER BY ${order(input)}`,
          keys.params,
        ),
        statuses ? statusCounts(db, anyStatus, statuses) : Promise.resolve(undefined),
        totalFromCounts ? Promise.resolve(undefined) : cappedCount(db, all),
      ]);
      const total =
        counted ??
        (input.status
          ? counts![input.status]!
          : Object.values(counts!).reduce((sum, n) => sum + n, 0));
      const capped = total > LIST_COUNT_CAP;
      const status_counts = counts
        ? Object.fromEntries(
            Object.entries(counts).map(([s, n]) => [s, Math.min(n, LIST_COUNT_CAP)]),
          )
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
    },

    totals:
      spec.totals && spec.amount
        ? (db, actor, input, fixed = [], cap) =>
            readListTotals(
              db,
              {
                alias: a,
                amount: spec.amount!,
                spec: spec.totals!,
                actor,
                input,
                fixed,
                codes: spec.codes,
                matching: (params, without) => {
                  const read = without === 'to' ? { ...input, to: undefined } : input;
                  const c = addStatus(conditions(actor, read, fixed, params), read);
                  return { from: keyFrom(c), where: c.text() };
                },
              },
              cap,
            )
        : undefined,

    async *chunks(db, actor, input, fixed = [], chunk = 2000) {
      const all = withStatus(conditions(actor, input, fixed), input);
      if (db.readInBatches) {
        // PostgreSQL: one query, one sort or index scan, read through a cursor.
        yield* db.readInBatches<R>(
          `SELECT ${spec.columns} ${spec.from} WHERE ${all.text()} ORDER BY ${order(input)}`,
          all.params,
          chunk,
        );
        return;
      }
      // PGlite: keyset chunks, each a query of its own, so its one connection stays free.
      const column = sortColumn(input);
      const cmp = desc(input) ? '<' : '>';
      let after: { key: unknown; id: string } | null = null;
      for (;;) {
        const params = [...all.params];
        const keyset: string = after
          ? ` AND (${column}, ${a}.id) ${cmp} ($${params.push(after.key)}, $${params.push(after.id)}::uuid)`
          : '';
        // The key travels as the database's own text of it: a timestamp keeps its
        // microseconds (a JS Date would round them off and skip or repeat rows).
        const { rows }: { rows: (R & { _key: string; id: string })[] } = await db.query(
          `SELECT ${spec.columns}, (${column})::text AS _key ${spec.from} WHERE ${all.text()}${keyset}
            ORDER BY ${order(input)} LIMIT ${Math.trunc(chunk)}`,
          params,
        );
        if (!rows.length) return;
        const last = rows[rows.length - 1]!;
        after = { key: last._key, id: last.id };
        for (const row of rows) delete (row as { _key?: unknown })._key;
        yield rows;
        if (rows.length < chunk) return;
      }
    },
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
  fixed: (input: I) => readonly FixedCondition[] = () => [],
) {
  const { totals } = list;
  return {
    totals:
      totals &&
      (async (ctx: UserCallContext, input: I) => {
        const answer = await totals(ctx.db, ctx.actor, input, fixed(input));
        return { totals: answer.totals, capped: answer.capped };
      }),
    async page(ctx: UserCallContext, input: I) {
      const page = await list.page(ctx.db, ctx.actor, input, fixed(input));
      return { ...page, rows: page.rows.map(view) };
    },
    async *chunks(ctx: UserCallContext, input: I) {
      for await (const rows of list.chunks(ctx.db, ctx.actor, input, fixed(input)))
        yield rows.map(view);
    },
  };
}
