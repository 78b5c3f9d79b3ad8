import { facetTable } from '../core/kind-facets';

/**
 * Where each money kind's rollup figures come from in its own table: the rows grouped by owner,
 * currency, kind, status and gateway, with the fee split it recorded. `ledger:check` recomputes
 * the dashboard's and the reports' rollups from these; kind-registry's SERVER_KINDS makes the
 * compiler ask a new kind for its source.
 */
export interface RollupSource {
  /** The table and its joins, alias `t`. */
  readonly from: string;
  readonly owner: string;
  /** The kind's name, or an expression when one table holds two kinds. */
  readonly kind: string;
  readonly gateway: string;
  readonly fee: string;
  readonly gatewayCost: string;
  readonly resellerCommission: string;
  readonly platformProfit: string;
  readonly where?: string;
}

/** The fee columns of a kind priced by no contract (no fee, no split). */
export const UNPRICED = {
  fee: '0',
  gatewayCost: '0',
  resellerCommission: '0',
  platformProfit: '0',
} as const;

/** The fee columns of a kind priced by its contract (the split it recorded on its row). */
export const PRICED = {
  fee: 'sum(t.fee)',
  gatewayCost: 'sum(t.gateway_cost)',
  resellerCommission: 'sum(t.reseller_commission)',
  platformProfit: 'sum(t.platform_profit)',
} as const;

/** The kinds' rollup sources, filled by `registerMoneyKinds()` (kind-registry), each written in its kind's folder. */
export const rollupSources = facetTable<RollupSource>('rollup');

/**
 * Every kind's rows grouped by `period` (an SQL expression over `t.created_at`), owner,
 * currency, kind, status and gateway: columns period, owner, currency, kind, status,
 * gateway_code, n, v, f, gc, rc, pp.
 */
export function rollupSourcesSql(period: string): string {
  const sources = rollupSources.all();
  if (!sources.length) throw new Error('no rollup source (registerMoneyKinds not called?)');
  return sources
    .map(
      ([, s]) => `
  SELECT ${period} AS period, ${s.owner} AS owner, t.currency, ${s.kind}::text AS kind, t.status,
         ${s.gateway}::text AS gateway_code, count(*)::bigint AS n, sum(t.amount)::bigint AS v,
         (${s.fee})::bigint AS f, (${s.gatewayCost})::bigint AS gc,
         (${s.resellerCommission})::bigint AS rc, (${s.platformProfit})::bigint AS pp
    FROM ${s.from}${s.where ? ` WHERE ${s.where}` : ''} GROUP BY 1, 2, 3, 4, 5, 6`,
    )
    .join('\n  UNION ALL');
}
