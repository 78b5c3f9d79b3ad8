import { formatAmount, TOP_LIST_SIZE } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { merchantsInScopeSql, resellersInScopeSql, type DashboardScope } from './dashboard-scope';
import { currentBalanceSql } from '../../ledger/ledger-accounts';

interface TopRow {
  name: string;
  code: string;
  volume: bigint;
  balance: bigint;
}

/**
 * The ten merchants with the most successful pay-in volume this UTC month in `currency`, with
 * their current available balance. Needs one currency; with none the list is empty.
 */
export async function findTopMerchants(
  db: Queryable,
  scope: DashboardScope,
  currency: string | null,
  monthStart: string,
) {
  if (!currency) return [];
  const params: unknown[] = [];
  const merchants = merchantsInScopeSql(scope, params);
  params.push(currency, monthStart, TOP_LIST_SIZE);
  const n = params.length;
  const { rows } = await db.query<TopRow>(
    `WITH m AS (${merchants}),
     vol AS (
       SELECT r.owner_account_id AS id, sum(r.volume)::bigint AS volume
         FROM dashboard_rollups r JOIN m ON m.id = r.owner_account_id
        WHERE r.currency = $${n - 2} AND r.period = 'month' AND r.period_start = $${n - 1}::date
          AND r.kind = 'payin' AND r.status = 'success'
        GROUP BY r.owner_account_id HAVING sum(r.volume) > 0
        ORDER BY volume DESC LIMIT $${n})
     SELECT m.name, m.account_db_code AS code, vol.volume, coalesce(${currentBalanceSql('la')}, 0) AS balance
       FROM vol JOIN m ON m.id = vol.id
       LEFT JOIN ledger_accounts la ON la.owner_kind = 'account' AND la.owner_id = vol.id
        AND la.currency = $${n - 2} AND la.purpose = 'available'
      ORDER BY vol.volume DESC, m.account_db_code`,
    params,
  );
  return rows.map((r) => ({
    merchant_name: r.name,
    merchant_db_code: r.code,
    payin_this_month_volume: formatAmount(r.volume, currency),
    amount: formatAmount(r.balance, currency),
  }));
}

/**
 * The ten resellers whose merchants brought the most successful pay-in volume this UTC month
 * in `currency`, with the reseller's current commission balance.
 */
export async function findTopResellers(
  db: Queryable,
  scope: DashboardScope,
  currency: string | null,
  monthStart: string,
) {
  if (!currency || scope.level === 'merchant') return [];
  const params: unknown[] = [];
  const resellers = resellersInScopeSql(scope, params);
  params.push(currency, monthStart, TOP_LIST_SIZE);
  const n = params.length;
  const demo = scope.includeDemo ? '' : 'AND NOT a.is_demo';
  const { rows } = await db.query<TopRow>(
    `WITH rs AS (${resellers}),
     vol AS (
       SELECT a.reseller_account_id AS id, sum(r.volume)::bigint AS volume
         FROM dashboard_rollups r
         JOIN accounts a ON a.id = r.owner_account_id ${demo}
         JOIN rs ON rs.id = a.reseller_account_id
        WHERE r.currency = $${n - 2} AND r.period = 'month' AND r.period_start = $${n - 1}::date
          AND r.kind = 'payin' AND r.status = 'success'
        GROUP BY a.reseller_account_id HAVING sum(r.volume) > 0
        ORDER BY volume DESC LIMIT $${n})
     SELECT rs.name, rs.account_db_code AS code, vol.volume, coalesce(${currentBalanceSql('la')}, 0) AS balance
       FROM vol JOIN rs ON rs.id = vol.id
       LEFT JOIN ledger_accounts la ON la.owner_kind = 'account' AND la.owner_id = vol.id
        AND la.currency = $${n - 2} AND la.purpose = 'commission'
      ORDER BY vol.volume DESC, rs.account_db_code`,
    params,
  );
  return rows.map((r) => ({
    reseller_name: r.name,
    reseller_db_code: r.code,
    payin_this_month_volume: formatAmount(r.volume, currency),
    amount: formatAmount(r.balance, currency),
  }));
}
