import {
  dashboardKindsOf,
  decideAccess,
  RULES,
  ianaZoneOf,
  getAdminDashboardV2,
  getReportDashboardV3,
  onOffDemoData,
  successPercent,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { reconProgress } from '../reconciliation/recon-progress';
import { findHeldWaiting } from '../risk-review/held-waiting.service';
import {
  findAccountCounts,
  findDisputesAwaitingAnswer,
  findLastProcessingTimes,
  findLongestPendingSeconds,
  findMonthPayinOutcomes,
  findPendingCounts,
  shapeGatewayBalances,
} from './admin-overview.queries';
import { findCommissionCard } from './commission-card.queries';
import { findCurrencyReport } from './currency-report.queries';
import {
  isDemoDataIncluded,
  leavesOutDemoMerchants,
  resolveDashboardScope,
  setDemoDataIncluded,
} from './dashboard-scope';
import { dashboardDays } from './dashboard-time';
import { findGatewayBalances } from './gateway-balances.queries';
import { findOpenHealthAlerts } from './health-alerts.queries';
import { withoutHiddenKinds } from './hidden-kinds';
import { findStatistics } from './statistics.queries';
import { findTopOwners } from './top-lists.queries';

export function registerDashboardCalls(registry: CallRegistry): void {
  registry
    .user(getReportDashboardV3, async (ctx, input) => {
      const scope = await resolveDashboardScope(ctx.db, ctx.actor, input);
      const now = new Date();
      // TD, YD, TM and the chart in the chosen zone (issue 40); the top lists and the commission
      // card keep this UTC month (spec: "this month volume (UTC)").
      const zone = ianaZoneOf(input.timeZone);
      const days = dashboardDays(now);
      const zoneDays = dashboardDays(now, zone);
      const currency = input.currency ?? null;
      const [statistics, resellers, merchants, report, commission, demoLeftOut] = await Promise.all(
        [
          findStatistics(ctx.db, scope, currency, input.statisticsType, now, zone),
          findTopOwners(ctx.db, 'reseller', scope, currency, days.monthStart),
          findTopOwners(ctx.db, 'merchant', scope, currency, days.monthStart),
          findCurrencyReport(ctx.db, scope, currency, zoneDays),
          findCommissionCard(ctx.db, scope, currency, days),
          leavesOutDemoMerchants(ctx.db, scope),
        ],
      );
      const shown = dashboardKindsOf(ctx.actor.modules);
      const visible = withoutHiddenKinds(shown, report, statistics);
      return {
        currency: currency ?? '-',
        time_zone: input.timeZone,
        statistics: visible.statistics,
        top_balance_resellers: resellers,
        top_balance_merchants: merchants,
        commission,
        currency_report: visible.report,
        shown_kinds: shown,
        figures_of: {
          level: scope.level,
          account_db_code: scope.code,
          demo_left_out: demoLeftOut,
        },
      };
    })
    .user(getAdminDashboardV2, async (ctx, input) => {
      const now = new Date();
      const days = dashboardDays(now);
      const currency = input.currency ?? null;
      const includeDemo = await isDemoDataIncluded(ctx.db);
      const seesHealth = ctx.actor.modules.includes('administrator');
      const reviews = decideAccess(RULES.riskReview, ctx.actor) === 'allowed';
      const [
        accounts,
        pending,
        longest,
        lastTen,
        outcomes,
        gateways,
        alerts,
        disputes,
        recon,
        held,
      ] = await Promise.all([
        findAccountCounts(ctx.db, includeDemo, days),
        findPendingCounts(ctx.db, includeDemo, currency),
        findLongestPendingSeconds(ctx.db, includeDemo, currency, now),
        findLastProcessingTimes(ctx.db, includeDemo, currency),
        findMonthPayinOutcomes(ctx.db, includeDemo, days),
        findGatewayBalances(ctx.db, currency),
        seesHealth ? findOpenHealthAlerts(ctx.db) : [],
        findDisputesAwaitingAnswer(ctx.db, includeDemo, now),
        seesHealth ? reconProgress(ctx.db) : null,
        reviews ? findHeldWaiting(ctx.db) : null,
      ]);
      const chosen = currency ? outcomes.filter((o) => o.currency === currency) : outcomes;
      const success = chosen.reduce((a, o) => a + o.total_month_success_count, 0);
      const total = chosen.reduce((a, o) => a + o.payin_month_with_today, 0);
      return {
        ...accounts,
        pending_transactions: pending.payin,
        longest_period_transaction: longest,
        success_transactions: success,
        total_transactions: total,
        success_rate: successPercent(success, total),
        top_pg_balance: shapeGatewayBalances(gateways.active, gateways.balances),
        last_10_transaction_processing_time: lastTen,
        inactive_pg_list: gateways.inactive,
        pending_list: pending,
        success_rate_each_currency: outcomes,
        is_included_demo_data: includeDemo ? 1 : 0,
        disputes,
        reconciliation: recon,
        risk_review: held,
        gateway_health_alerts: alerts,
      } as const;
    })
    .user(onOffDemoData, (ctx, input) =>
      ctx.db.transaction(async (tx) => {
        const before = await isDemoDataIncluded(tx);
        await setDemoDataIncluded(tx, input.enabled);
        await recordAdminLog(tx, ctx, {
          action: 'dashboard.demo_data',
          actor: ctx.actor,
          targetType: 'setting',
          targetId: 'dashboard.include_demo_data',
          before: { is_included_demo_data: before ? 1 : 0 },
          after: { is_included_demo_data: input.enabled ? 1 : 0 },
        });
        return { is_included_demo_data: input.enabled ? 1 : 0 } as const;
      }),
    );
}
