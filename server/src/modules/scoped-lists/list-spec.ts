import type { SortDirection } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import type { FixedCondition, ListFilters, ListTotals, TotalsSpec } from './list-totals';
import type { SearchColumns } from './search-condition';

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
export type ScopeActor = Pick<Actor, 'accountType' | 'scopeAccountId'>;

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
