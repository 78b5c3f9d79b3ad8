import { PLATFORM_OWNER } from './ledger-accounts';
import type { LedgerCheck } from './single-journal-checks';

/**
 * The platform's and each reseller's dashboard figures, summed over their merchants (issue 46).
 * A dashboard of the platform read every merchant's rows (merchants × days probes for a month's
 * chart); it reads its scope's rows instead, plus the merchants' rows writers have not folded
 * yet. The rule, held by `ledger:check` (`SCOPE_CHECKS`): a scope row is the sum
 * of the slot-0 rows of the scope's top-level merchants, split by whether the merchant is a demo
 * one. Slot 0 and the scope rows are written only by the compaction (`rollup-compaction.ts`),
 * in one statement, each statement's scope rows in key order; writers write slots 1 and up
 * (`rollupWrites`), which readers add themselves until they are folded.
 */
export interface ScopeRollup {
  readonly table: 'dashboard_rollups' | 'chart_rollups';
  readonly scopeTable: string;
  /** The figure's key without the owner (the sums are `count` and `volume`). */
  readonly key: readonly string[];
}

export const DASHBOARD_SCOPE_ROLLUP: ScopeRollup = {
  table: 'dashboard_rollups',
  scopeTable: 'dashboard_scope_rollups',
  key: ['period', 'period_start', 'currency', 'kind', 'status'],
};

export const CHART_SCOPE_ROLLUP: ScopeRollup = {
  table: 'chart_rollups',
  scopeTable: 'chart_scope_rollups',
  key: ['currency', 'kind', 'granularity', 'bucket'],
};

export const SCOPE_ROLLUPS: readonly ScopeRollup[] = [DASHBOARD_SCOPE_ROLLUP, CHART_SCOPE_ROLLUP];

/** The platform's scope id (a reseller's is its account id). */
export const PLATFORM_SCOPE = PLATFORM_OWNER;

/**
 * Joins the rows of `rows` (alias, with `owner_account_id`) to the scopes their owner counts in:
 * `sc.scope_id` (the platform, and the owner's reseller if any) and `sa.is_demo`. Owners that are
 * no top-level merchant count in none, as the dashboard's scopes (`merchantsInScopeSql`) hold none.
 */
export function scopesOfSql(rows: string): string {
  return `JOIN accounts sa ON sa.id = ${rows}.owner_account_id AND sa.account_type = 'merchant'
                            AND sa.parent_account_id IS NULL
          CROSS JOIN LATERAL (SELECT '${PLATFORM_SCOPE}'::uuid AS scope_id
                              UNION ALL
                              SELECT sa.reseller_account_id WHERE sa.reseller_account_id IS NOT NULL) sc`;
}

/**
 * The scope sums of `source` (an SQL row source with the owner, the key and the sums), grouped:
 * columns scope_id, the key, is_demo, count, volume.
 */
export function scopeSumsSql(t: ScopeRollup, source: string): string {
  const key = t.key.map((k) => `r.${k}`).join(', ');
  return `SELECT sc.scope_id, ${key}, sa.is_demo, sum(r.count)::bigint AS count, sum(r.volume)::bigint AS volume
            FROM (${source}) r ${scopesOfSql('r')}
           GROUP BY sc.scope_id, ${key}, sa.is_demo`;
}

/** Adds the scope sums of `source` to the scope rows (in key order: concurrent adders do not deadlock). */
export function addToScopesSql(t: ScopeRollup, source: string): string {
  const cols = ['scope_id', ...t.key, 'is_demo'].join(', ');
  return `INSERT INTO ${t.scopeTable} (${cols}, count, volume)
          SELECT ${cols}, count, volume FROM (${scopeSumsSql(t, source)}) s
           WHERE count <> 0 OR volume <> 0
           ORDER BY ${cols}
          ON CONFLICT (${cols}) DO UPDATE
            SET count = ${t.scopeTable}.count + EXCLUDED.count, volume = ${t.scopeTable}.volume + EXCLUDED.volume`;
}

/** Every scope row recomputed from the slot-0 rows (the bulk benches' worlds, which write rows directly). */
export function fillScopeRollupsSql(): string {
  return SCOPE_ROLLUPS.map(
    (t) =>
      `TRUNCATE ${t.scopeTable};
       ${addToScopesSql(t, `SELECT * FROM ${t.table} WHERE slot = 0`)};`,
  ).join('\n');
}

/** `ledger:check`: each scope row equals its merchants' slot-0 rows summed (zero rows left out). */
export const SCOPE_CHECKS: readonly LedgerCheck[] = SCOPE_ROLLUPS.map((t) => {
  const cols = ['scope_id', ...t.key, 'is_demo'];
  const nonZero = 'WHERE count <> 0 OR volume <> 0';
  return {
    name: `${t.scopeTable} drift`,
    sql: `WITH expected AS (SELECT * FROM (${scopeSumsSql(t, `SELECT * FROM ${t.table} WHERE slot = 0`)}) s ${nonZero}),
               actual AS (SELECT ${cols.join(', ')}, count, volume FROM ${t.scopeTable} ${nonZero})
          SELECT ${cols.map((k) => `coalesce(e.${k}, a.${k})::text AS ${k}`).join(', ')},
                 concat_ws('/', e.count, e.volume) AS expected, concat_ws('/', a.count, a.volume) AS actual
            FROM expected e FULL JOIN actual a ON ${cols.map((k) => `a.${k} = e.${k}`).join(' AND ')}
           WHERE (e.count, e.volume) IS DISTINCT FROM (a.count, a.volume)`,
    describe: (r) =>
      `${t.scopeTable} ${cols.map((k) => r[k]).join(' ')}: expected ${r.expected || 'none'} from ${t.table}, found ${r.actual || 'none'}`,
  };
});
