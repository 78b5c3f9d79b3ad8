import type { Db } from '../db/db';
import { addToScopesSql, SCOPE_ROLLUPS } from './scope-rollups';

/**
 * Writers spread each tenant's rollup rows over slots so that concurrent transitions of one
 * tenant do not queue on one row. Readers pay for that spread: a dashboard sums slots × states
 * × tenants rows. Compaction folds the slot rows of a tenant into slot 0, one tenant per short
 * transaction, so what a dashboard reads stays bounded by the number of tenants however many
 * transactions there are. Sums never change; only how many rows hold them. A gateway is the
 * tenant of its own rollups.
 */
const TABLES = [
  {
    table: 'gateway_rollups',
    tenant: 'gateway_code',
    key: ['gateway_code', 'period', 'period_start', 'status'],
    sums: ['count', 'volume'],
  },
  {
    table: 'dashboard_rollups',
    tenant: 'owner_account_id',
    key: ['owner_account_id', 'period', 'period_start', 'currency', 'kind', 'status'],
    sums: ['count', 'volume'],
  },
  {
    table: 'chart_rollups',
    tenant: 'owner_account_id',
    key: ['owner_account_id', 'currency', 'kind', 'granularity', 'bucket'],
    sums: ['count', 'volume'],
  },
] as const;

/**
 * Moves a tenant's slot rows into slot 0 in one statement; for the dashboard's and the chart's
 * rollups the same statement adds the moved sums to the platform's and the tenant's reseller's
 * scope rows (`scope-rollups.ts`), so a scope row always equals its merchants' slot-0 rows.
 */
function compactSql(t: (typeof TABLES)[number]): string {
  const key = t.key.join(', ');
  const sums = t.sums.map((s) => `sum(${s})::bigint AS ${s}`).join(', ');
  const add = t.sums.map((s) => `${s} = ${t.table}.${s} + EXCLUDED.${s}`).join(', ');
  const scope = SCOPE_ROLLUPS.find((r) => r.table === t.table);
  const foldInto = `INSERT INTO ${t.table} (${key}, slot, ${t.sums.join(', ')})
          SELECT ${key}, 0, ${t.sums.join(', ')} FROM (SELECT ${key}, ${sums} FROM moved GROUP BY ${key}) folded
          ORDER BY ${key}
          ON CONFLICT (${key}, slot) DO UPDATE SET ${add}`;
  const moved = `moved AS (
            DELETE FROM ${t.table} WHERE ${t.tenant} = $1 AND slot > 0
            RETURNING ${key}, ${t.sums.join(', ')})`;
  if (!scope) return `WITH ${moved} ${foldInto}`;
  return `WITH ${moved}, kept AS (${foldInto})
          ${addToScopesSql(scope, 'SELECT * FROM moved')}`;
}

/** Folds every tenant's slot rows into slot 0; returns how many (table, tenant) pairs it compacted. */
export async function compactRollups(db: Db): Promise<number> {
  let compacted = 0;
  for (const t of TABLES) {
    const sql = compactSql(t);
    const { rows } = await db.query<{ tenant: string }>(
      `SELECT DISTINCT ${t.tenant} AS tenant FROM ${t.table} WHERE slot > 0`,
    );
    for (const { tenant } of rows) {
      // One short transaction per tenant: writers of other tenants never wait on it.
      await db.transaction((tx) => tx.query(sql, [tenant]));
      compacted++;
    }
  }
  return compacted;
}
