import { moneyKind, RULES, type AccessRule, type MoneyDetailKind } from '@bo/contract';
import { facetTable } from '../../core/kind-facets';
import type { FixedCondition } from '../scoped-lists/list-totals';
import type { ScopedList } from '../scoped-lists/list-query';

/** What a money hit is made from: the fields every kind's list row shares. */
export interface ViewedRow {
  id: string;
  status: string;
  amount: string;
  currency: string;
  created_at: string;
  order_id?: string;
  gateway_reference?: string | null;
  merchant_db_code?: string;
  reseller_db_code?: string | null;
}

/** One money kind the global search looks in: its list, what narrows it, its row's view. */
export interface SearchFacet {
  readonly kind: MoneyDetailKind;
  /** The rule of the kind's list (the registry's): searched only for who may open it. */
  readonly rule: AccessRule;
  /** The kind's own scoped list; its search box's columns are what is looked in. */
  readonly list: ScopedList<unknown>;
  readonly fixed: readonly FixedCondition[];
  readonly view: (row: unknown) => ViewedRow;
}

/** A money kind's search facet: the list's search, under the rule the detail view checks. */
export function moneySearch<R>(spec: {
  kind: MoneyDetailKind;
  list: ScopedList<R>;
  view: (row: R) => ViewedRow;
  fixed?: readonly FixedCondition[];
}): SearchFacet {
  return {
    kind: spec.kind,
    rule: RULES[moneyKind(spec.kind).listRule],
    list: spec.list as ScopedList<unknown>,
    fixed: spec.fixed ?? [],
    view: spec.view as (row: unknown) => ViewedRow,
  };
}

/**
 * The money kinds the search finds, filled by `registerMoneyKinds()` (kind-registry); their
 * groups are answered in the registry's order. A kind's facet is its list (whose `searchTexts`
 * say what is matched besides the id) and its row view.
 */
export const searchFacets = facetTable<SearchFacet>('search');
