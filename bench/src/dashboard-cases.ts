/*
 * The dashboard's calls on load, per role (spec section 7): bench:dashboard and bench:growth
 * time them.
 */

/** The demo users whose dashboards are timed, with the fields their calls carry. */
export const DASHBOARD_ROLES = [
  { role: 'admin', email: 'admin@demo.test', fields: { accountType: 'admin' } },
  {
    role: 'reseller',
    email: 'reseller@demo.test',
    fields: { accountType: 'reseller', accountDbCode: 'RES00001' },
  },
  {
    role: 'merchant',
    email: 'merchant@demo.test',
    fields: { accountType: 'merchant', accountDbCode: 'MER00001' },
  },
] as const;

export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

/** The calls the dashboard makes on load for `role`: a label (its first word the call) and fields. */
export function dashboardCallsOf(role: DashboardRole): [string, Record<string, string>][] {
  const calls: [string, Record<string, string>][] = [
    ['getReportDashboardV3', { ...role.fields, currency: 'THB', statisticsType: '1M' }],
    ['getReportDashboardV3 (1Y)', { ...role.fields, currency: 'THB', statisticsType: '1Y' }],
    [
      'getReportDashboardV3 (India, 1D)',
      { ...role.fields, currency: 'THB', statisticsType: '1D', timeZone: 'India' },
    ],
    [
      'getReportDashboardV3 (Malaysia, 1M)',
      { ...role.fields, currency: 'THB', statisticsType: '1M', timeZone: 'Malaysia' },
    ],
    [
      'getReportDashboardV3 (all currencies)',
      { ...role.fields, currency: '-', statisticsType: '1M' },
    ],
    ['getSupportedCurrency', {}],
  ];
  if (role.role === 'admin') {
    calls.push(
      ['getAdminDashboardV2', { currency: 'THB' }],
      ['getAdminDashboardV2 (all currencies)', {}],
      ['getPgListByCurrency', { currency: 'THB' }],
    );
  } else {
    calls.push(
      ['getUsdtWalletBalance', { accountDbCode: role.fields.accountDbCode }],
      ['getReportBalanceForResellerMerchant', { currency: 'THB' }],
    );
  }
  return calls;
}
