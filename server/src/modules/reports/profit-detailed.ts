import type { DetailedProfitRow, getDetailedProfitReport, ProfitTotalsRow } from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import { byDay, readReportDays, type ComputedReport } from './report-service';
import {
  addProfit,
  emptyProfit,
  entryOf,
  profitFields,
  readFigures,
  splitDifferences,
  totalsByCurrency,
  type ProfitSums,
} from './profit-figures';
import { accountInScope, accountsByIds, tenantsOf } from './profit-scope';

type Input = z.output<(typeof getDetailedProfitReport)['request']>;

interface Group {
  day: string;
  merchantId: string;
  gateway: string;
  currency: string;
  sums: ProfitSums;
}

/**
 * /profit-report/{id}/detailed-profit-report: a reseller's merchants (or one merchant), the
 * successful transactions' figures per day × merchant × gateway × currency.
 */
export async function computeDetailedProfitReport(
  ctx: UserCallContext,
  input: Input,
): Promise<ComputedReport<DetailedProfitRow, ProfitTotalsRow, Group>> {
  const platformFigures = ctx.actor.accountType === 'admin';
  const days = await readReportDays(ctx, input);
  const target = await accountInScope(ctx, 'id', 'id', input.id, ['reseller', 'merchant']);
  let owners = await tenantsOf(ctx.db, target);
  if (input.merchantDbCode) {
    const merchant = await accountInScope(
      ctx,
      'merchantDbCode',
      'account_db_code',
      input.merchantDbCode,
      ['merchant'],
    );
    owners = owners.filter((id) => id === merchant.id);
  }
  const figures = await readFigures(
    ctx.db,
    days,
    owners,
    input.currency,
    ['day', 'owner', 'gateway'],
    { countedOnly: true },
  );
  const groups = new Map<string, Group>();
  for (const f of figures) {
    if (input.gatewayCode && f.gateway !== input.gatewayCode) continue;
    const group = entryOf(groups, `${f.day}|${f.owner}|${f.gateway}|${f.currency}`, () => ({
      day: f.day,
      merchantId: f.owner,
      gateway: f.gateway,
      currency: f.currency,
      sums: emptyProfit(),
    }));
    addProfit(group.sums, f);
  }
  const merchants = await accountsByIds(ctx.db, [...new Set(figures.map((f) => f.owner))]);
  const codeOf = (g: Group) => merchants.get(g.merchantId)?.account_db_code ?? '';
  const totals = totalsByCurrency(groups.values());
  return {
    rows: [...groups.values()].sort(byDay(input.direction, (a, b) => compareKeys(a, b, codeOf))),
    view: (g) => {
      const merchant = merchants.get(g.merchantId);
      return {
        id: `${g.day}-${g.merchantId}-${g.gateway}-${g.currency}`,
        day: g.day,
        merchant_id: g.merchantId,
        merchant_db_code: merchant?.account_db_code ?? '',
        merchant_name: merchant?.name ?? '',
        gateway_code: g.gateway,
        ...profitFields(g.sums, g.currency, platformFigures),
      };
    },
    totals: [...totals].map(([currency, sums]) => profitFields(sums, currency, platformFigures)),
    differences: splitDifferences(totals),
    period: days.period,
  };
}

const compare = (x: string, y: string) => (x === y ? 0 : x < y ? -1 : 1);

/** Within a day: merchant code, gateway, currency. */
function compareKeys(a: Group, b: Group, codeOf: (g: Group) => string): number {
  return (
    compare(codeOf(a), codeOf(b)) ||
    compare(a.gateway, b.gateway) ||
    compare(a.currency, b.currency)
  );
}
