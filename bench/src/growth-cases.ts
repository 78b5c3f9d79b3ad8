import {
  getAdjustmentList,
  getBalancesAt,
  getDisputeList,
  getPayinList,
  getPayoutList,
  getRefundList,
  getSettlementList,
  getTopUpList,
  getWithdrawalList,
  LIST_TOTALS_CALL,
  type AccountType,
} from '@bo/contract';
import type { Db } from '../../server/src/db/db';
import { DASHBOARD_ROLES, dashboardCallsOf } from './dashboard-cases';
import { demoOrderId, listCasesOf } from './list-cases';
import { allows, REPORTS, worldIds, type WorldIds } from './report-cases';
import { searchCasesOf } from './search-cases';
import { lastZoneDays } from './zone-days';

/*
 * What bench:growth times in each world (issue 46): every list's first page and its totals as
 * the list first loads them, every report over 30 days (and over 365 at the large size), the
 * dashboard of each role, search and a balance at an instant. A case has the same key in both
 * worlds; its fields are the world's own (ids, order ids).
 */

/** The goals of issue 46, p95 at the large size, in milliseconds. */
export const GROWTH_LIMITS = { dashboard: 15, report30: 60, report365: 150 } as const;

export interface GrowthCase {
  /** What the case belongs to: `dashboard`, `list`, `totals`, `report 30 d`, `report 365 d`… */
  readonly group: string;
  readonly role: AccountType;
  readonly label: string;
  readonly call: string;
  readonly fields: Record<string, string>;
  /** The p95 the case must stay within at the large size, if any. */
  readonly limitMs?: number;
  /** Timed at the large size only: no ratio is asked of it. */
  readonly largeOnly?: boolean;
}

/** A case's name in the table, the same in both worlds. */
export const growthKeyOf = (c: GrowthCase): string =>
  `${c.group.padEnd(13)} ${c.role.padEnd(9)} ${c.label}`;

const ROLES: readonly AccountType[] = ['admin', 'reseller', 'merchant'];

/** The demo user of each role the cases are timed as. */
export const GROWTH_EMAILS: Readonly<Record<string, string>> = {
  admin: 'admin@demo.test',
  reseller: 'reseller@demo.test',
  merchant: 'merchant@demo.test',
};

/**
 * The money lists whose first page is timed (where a role may open it): every list that grows;
 * the pay-in list's are `listCasesOf`'s.
 */
const LISTS = [
  getPayoutList,
  getTopUpList,
  getSettlementList,
  getWithdrawalList,
  getRefundList,
  getDisputeList,
  getAdjustmentList,
];

/** The lists whose totals strip is timed as the list first loads (no date range). */
const TOTALS_OF = [getPayinList, getPayoutList, getTopUpList];

function dashboardCases(): GrowthCase[] {
  return DASHBOARD_ROLES.flatMap((role) =>
    dashboardCallsOf(role).map(([label, fields]) => ({
      group: 'dashboard',
      role: role.role,
      label,
      call: label.split(' ')[0]!,
      fields,
      limitMs: GROWTH_LIMITS.dashboard,
    })),
  );
}

function listCases(orderId: string): GrowthCase[] {
  const first = { page: '1', pageSize: '25' };
  const payinFilters = listCasesOf(orderId).filter((c) => c.fields.page === '1');
  return ROLES.flatMap((role) => [
    ...LISTS.filter((def) => allows(def, role)).map((def) => ({
      group: 'list',
      role,
      label: def.name,
      call: def.name,
      fields: first,
    })),
    ...payinFilters.map((c) => ({
      group: 'list',
      role,
      label: `getPayinList, ${c.label.replace('page 1, ', '')}`,
      call: 'getPayinList',
      fields: c.fields,
    })),
    ...TOTALS_OF.filter((def) => allows(def, role)).map((def) => ({
      group: 'totals',
      role,
      label: `${def.name}, first load`,
      call: LIST_TOTALS_CALL,
      fields: { call: def.name },
    })),
  ]);
}

function reportCases(ids: WorldIds): GrowthCase[] {
  return ROLES.flatMap((role) =>
    REPORTS.filter((r) => allows(r.def, role)).flatMap((report) => {
      const base = { ...report.fields(role, ids), timeZone: 'Default', page: '1', pageSize: '25' };
      const of = (days: 30 | 365): GrowthCase => ({
        group: `report ${days} d`,
        role,
        label: report.label,
        call: report.def.name,
        fields: { ...base, ...lastZoneDays(days, 0) },
        limitMs: days === 30 ? GROWTH_LIMITS.report30 : GROWTH_LIMITS.report365,
        largeOnly: days === 365,
      });
      return report.instant
        ? [{ group: 'balance', role, label: report.label, call: report.def.name, fields: base }]
        : [of(30), of(365)];
    }),
  );
}

async function searchCases(db: Db): Promise<GrowthCase[]> {
  const texts = await searchCasesOf(db);
  return ROLES.flatMap((role) =>
    texts.map((t) => ({
      group: 'search',
      role,
      label: t.label,
      call: 'globalSearch',
      fields: { text: t.text },
    })),
  );
}

/** MER00001's THB balances at the end of the UTC day 30 days back (inside both worlds). */
function balanceAtCases(ids: WorldIds): GrowthCase[] {
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  return ROLES.map((role) => ({
    group: 'balance',
    role,
    label: `getBalancesAt, MER00001 THB, ${day} 23:59:59`,
    call: getBalancesAt.name,
    fields: {
      at: `${day}T23:59:59Z`,
      currency: 'THB',
      ...(role === 'merchant' ? {} : { ownerId: ids.merchantId }),
    },
  }));
}

/** Every case of a world, in the order they are timed and printed. */
export async function growthCasesOf(db: Db): Promise<GrowthCase[]> {
  const ids = await worldIds(db);
  return [
    ...dashboardCases(),
    ...listCases(await demoOrderId(db)),
    ...reportCases(ids),
    ...(await searchCases(db)),
    ...balanceAtCases(ids),
  ];
}
