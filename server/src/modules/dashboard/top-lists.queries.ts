import { formatAmount, TOP_LIST_SIZE } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { merchantsInScopeSql, resellersInScopeSql, type DashboardScope } from './dashboard-scope';
import { currentBalanceSql } from '../../ledger/ledger-accounts';

interface TopRow {
  id: string;
  name: string;
  code: string;
  volume: bigint;
  balance: bigint;
}

/** The owners a top list ranks. */
export type TopSide = 'merchant' | 'reseller';

/** What differs between the two top lists: who is in scope, whose volume, which balance. */
interface TopSideSql {
  readonly inScopeSql: (scope: DashboardScope, params: unknown[]) => string;
  /** The joins from a rollup row to its owner (none for a merchant, who owns its rows). */
  readonly through: (scope: DashboardScope) => string;
  /** The owner's id column, once joined. */
  readonly ownerId: string;
  /** The ledger balance shown beside the volume. */
  readonly purpose: 'available' | 'commission';
  /** Whether a merchant's dashboard lists this side (a merchant has no resellers). */
  readonly shownToMerchants: boolean;
}

const TOP_SIDES: Readonly<Record<TopSide, TopSideSql>> = {
  merchant: {
    inScopeSql: merchantsInScopeSql,
    through: () => '',
    ownerId: 'r.owner_account_id',
    purpose: 'available',
    shownToMerchants: true,
  },
  reseller: {
    inScopeSql: resellersInScopeSql,
    // A reseller's volume is its merchants'.
    through: (scope) =>
      `JOIN accounts a ON a.id = r.owner_account_id ${scope.includeDemo ? '' : 'AND NOT a.is_demo'}`,
    ownerId: 'a.reseller_account_id',
    purpose: 'commission',
    shownToMerchants: false,
  },
};

/** A top list's row: the owner's id, name and code under its side's names, volume and balance. */
export type TopOwnerRow<S extends TopSide> = {
  [K in `${S}_id` | `${S}_name` | `${S}_db_code`]: string;
} & {
  payin_this_month_volume: string;
  amount: string;
};

/**
 * The ten owners on `side` with the most successful pay-in volume this UTC month in `currency`
 * (a reseller's: its merchants'), with their current balance (a merchant's available, a
 * reseller's commission). Needs one currency; with none the list is empty, and a merchant sees
 * no resellers.
 */
export async function findTopOwners<S extends TopSide>(
  db: Queryable,
  side: S,
  scope: DashboardScope,
  currency: string | null,
  monthStart: string,
): Promise<TopOwnerRow<S>[]> {
  const how = TOP_SIDES[side];
  if (!currency || (!how.shownToMerchants && scope.level === 'merchant')) return [];
  const params: unknown[] = [];
  const owners = how.inScopeSql(scope, params);
  params.push(currency, monthStart, TOP_LIST_SIZE);
  const n = params.length;
  const { rows } = await db.query<TopRow>(
    `WITH o AS (${owners}),
     vol AS (
       SELECT ${how.ownerId} AS id, sum(r.volume)::bigint AS volume
         FROM dashboard_rollups r ${how.through(scope)}
         JOIN o ON o.id = ${how.ownerId}
        WHERE r.currency = $${n - 2} AND r.period = 'month' AND r.period_start = $${n - 1}::date
          AND r.kind = 'payin' AND r.status = 'success'
        GROUP BY ${how.ownerId} HAVING sum(r.volume) > 0
        ORDER BY volume DESC LIMIT $${n})
     SELECT o.id::text AS id, o.name, o.account_db_code AS code, vol.volume, coalesce(${currentBalanceSql('la')}, 0) AS balance
       FROM vol JOIN o ON o.id = vol.id
       LEFT JOIN ledger_accounts la ON la.owner_kind = 'account' AND la.owner_id = vol.id
        AND la.currency = $${n - 2} AND la.purpose = '${how.purpose}'
      ORDER BY vol.volume DESC, o.account_db_code`,
    params,
  );
  return rows.map(
    (r) =>
      ({
        [`${side}_id`]: r.id,
        [`${side}_name`]: r.name,
        [`${side}_db_code`]: r.code,
        payin_this_month_volume: formatAmount(r.volume, currency),
        amount: formatAmount(r.balance, currency),
      }) as TopOwnerRow<S>,
  );
}
