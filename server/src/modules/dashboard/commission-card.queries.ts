import type { CallResponse, getReportDashboardV3 } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { resellerCommission } from '../reports/reseller-commission';
import type { DashboardScope } from './dashboard-scope';
import type { DashboardDays } from './dashboard-time';

type CommissionCard = CallResponse<typeof getReportDashboardV3>['commission'][number];

/**
 * A reseller dashboard's commission card, per currency: available, reserved for pending
 * withdrawals, their total, and what it earned and withdrew this UTC month — the figures of
 * `/reseller-balance-settlement` for this month in UTC. Empty for any other scope.
 */
export async function findCommissionCard(
  db: Queryable,
  scope: DashboardScope,
  currency: string | null,
  days: DashboardDays,
): Promise<CommissionCard[]> {
  if (scope.level !== 'reseller' || !scope.accountId) return [];
  const { rows } = await db.query<{ id: string; account_db_code: string; name: string }>(
    'SELECT id::text AS id, account_db_code, name FROM accounts WHERE id = $1',
    [scope.accountId],
  );
  if (!rows[0]) return [];
  const month = { zone: 'UTC', fromDay: days.monthStart, toDay: days.today };
  const figures = await resellerCommission(db, rows[0], month);
  return figures
    .filter((f) => !currency || f.currency === currency)
    .map((f) => ({
      currency: f.currency,
      available: f.available,
      reserved: f.reserved,
      total: f.total,
      earned_this_month: f.earned,
      withdrawn_this_month: f.withdrawn,
    }));
}
