import type { GatewayProfitRow, getGatewayProfitReport, ProfitTotalsRow } from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import { readReportDays, type ComputedReport } from './report-service';
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

type Input = z.output<(typeof getGatewayProfitReport)['request']>;

interface Group {
  gateway: string;
  currency: string;
  sums: ProfitSums;
}

/** Currency, then gateway code; what no gateway moves (an empty code) last in its currency. */
function byCurrencyThenGateway(a: Group, b: Group): number {
  if (a.currency !== b.currency) return a.currency < b.currency ? -1 : 1;
  const code = (g: Group) => g.gateway || '\uffff';
  return code(a) === code(b) ? 0 : code(a) < code(b) ? -1 : 1;
}

/**
 * /profit-report/by-gateway (issue 43): every tenant's successful transactions per gateway and
 * currency, from the same rollups and rules as /profit-report, so its totals are the profit
 * report's; a gateway filter narrows the rows and the totals alike.
 */
export async function computeGatewayProfitReport(
  ctx: UserCallContext,
  input: Input,
): Promise<ComputedReport<GatewayProfitRow, ProfitTotalsRow, Group>> {
  const days = await readReportDays(ctx, input);
  const figures = await readFigures(ctx.db, days, null, input.currency, ['gateway'], {
    countedOnly: true,
  });
  const groups = new Map<string, Group>();
  for (const f of figures) {
    if (input.gatewayCode && f.gateway !== input.gatewayCode) continue;
    const group = entryOf(groups, `${f.gateway}|${f.currency}`, () => ({
      gateway: f.gateway,
      currency: f.currency,
      sums: emptyProfit(),
    }));
    addProfit(group.sums, f);
  }
  const totals = totalsByCurrency(groups.values());
  return {
    rows: [...groups.values()].sort(byCurrencyThenGateway),
    view: (g) => ({
      id: `${g.gateway || 'none'}-${g.currency}`,
      gateway_code: g.gateway,
      ...profitFields(g.sums, g.currency, true),
    }),
    totals: [...totals].map(([currency, sums]) => profitFields(sums, currency, true)),
    differences: splitDifferences(totals),
    period: days.period,
  };
}
