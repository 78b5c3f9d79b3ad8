import {
  RESELLER_ACTIVITY_LIMIT,
  formatAmount,
  formatPercentPpm,
  type CallResponse,
  type getResellerDetail,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { findAccountBalances } from '../balances/balances.service';
import { findResellerActivity, findResellerContractLines } from './account-admin.queries';
import { readManagedAccount } from './account-admin.service';
import { requireAdminActor } from './account-lists';
import { findAccountInScope } from '../scoped-lists/scope';
import { resellerCommission } from '../reports/reseller-commission';
import { dashboardDays } from '../dashboard/dashboard-time';

/**
 * One reseller whole (admins only): its row, its commission balances per currency, the
 * reseller rates on its merchants' contract lines and the recent admin-log entries about it
 * and its merchants.
 */
export async function readResellerDetail(
  ctx: UserCallContext,
  code: string,
): Promise<CallResponse<typeof getResellerDetail>> {
  requireAdminActor(ctx);
  const account = await findAccountInScope(ctx.db, ctx.actor, code);
  if (account.account_type !== 'reseller') throw notFound(`No reseller has the code ${code}`);
  const days = dashboardDays(new Date());
  const month = { zone: 'UTC', fromDay: days.monthStart, toDay: days.today };
  const [reseller, commission, balances, lines, activity] = await Promise.all([
    readManagedAccount(ctx.db, ctx, { id: account.id, account_type: 'reseller' }),
    resellerCommission(ctx.db, account, month),
    findAccountBalances(ctx.db, account.id),
    findResellerContractLines(ctx.db, account.id),
    findResellerActivity(ctx.db, account.id, RESELLER_ACTIVITY_LIMIT),
  ]);
  return {
    reseller,
    balances: commission.map((c) => ({
      currency: c.currency,
      commission: c.available,
      commission_reserved: c.reserved,
      total: c.total,
      earned_this_month: c.earned,
      withdrawn_this_month: c.withdrawn,
      available: formatAmount(
        balances.find((b) => b.currency === c.currency)?.available ?? 0n,
        c.currency,
      ),
    })),
    contracts: lines.map((l) => ({
      merchant_db_code: l.merchant_db_code,
      merchant_name: l.merchant_name,
      currency: l.currency,
      gateway_code: l.gateway_code ?? '',
      version: l.version,
      effective_from: l.effective_from.toISOString(),
      payin_percent: formatPercentPpm(l.reseller_payin_ppm),
      payin_fixed: formatAmount(l.reseller_payin_fixed, l.currency),
      payout_percent: formatPercentPpm(l.reseller_payout_ppm),
      payout_fixed: formatAmount(l.reseller_payout_fixed, l.currency),
      settlement_percent: formatPercentPpm(l.reseller_settlement_ppm),
      settlement_fixed: formatAmount(l.reseller_settlement_fixed, l.currency),
    })),
    activity: activity.map((a) => ({
      id: a.id,
      created_at: a.created_at.toISOString(),
      actor_username: a.actor_username,
      action: a.action,
      target_db_code: a.target_db_code ?? '',
      outcome: a.outcome,
    })),
  };
}
