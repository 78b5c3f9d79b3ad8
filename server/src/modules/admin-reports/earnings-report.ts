import { formatAmount, type EarningsReportRow, type TimezoneChoice } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { isPlatformPaid, readFigures } from '../reports/profit-figures';
import { readReportDays } from '../reports/report-service';

type Sums = { count: bigint; fee: bigint; gateway_cost: bigint; reseller_commission: bigint };
const zero = (): Sums => ({ count: 0n, fee: 0n, gateway_cost: 0n, reseller_commission: 0n });

const shown = (currency: string, s: Sums) => ({
  currency,
  count: Number(s.count),
  fee: formatAmount(s.fee, currency),
  gateway_cost: formatAmount(s.gateway_cost, currency),
  reseller_commission: formatAmount(s.reseller_commission, currency),
  earnings: formatAmount(s.fee - s.gateway_cost - s.reseller_commission, currency),
});

/**
 * `/earnings-report`: the fee split of the successful pay-ins, pay-outs, settlements and refunds
 * (the profit kinds of the report rollups, by creation day of the zone) per day, currency and
 * gateway; a refund's fee is net of the pay-in fee it gave back.
 */
export async function earningsReport(
  ctx: UserCallContext,
  input: {
    currency?: string;
    from?: string;
    to?: string;
    timeZone?: TimezoneChoice;
    gatewayCode?: string;
  },
) {
  const days = await readReportDays(ctx, input);
  const figures = await readFigures(ctx.db, days, null, input.currency, ['day', 'gateway'], {
    countedOnly: true,
  });
  const groups = new Map<string, { day: string; gateway: string; currency: string; s: Sums }>();
  const totals = new Map<string, Sums>();
  for (const f of figures) {
    if (input.gatewayCode && f.gateway !== input.gatewayCode) continue;
    // A fee split: a kind the platform pays has no fee (an adjustment's cost is in the profit
    // report's platform profit, not here).
    if (isPlatformPaid(f.kind)) continue;
    const key = `${f.day}:${f.currency}:${f.gateway}`;
    const g = groups.get(key) ?? {
      day: f.day,
      gateway: f.gateway,
      currency: f.currency,
      s: zero(),
    };
    const t = totals.get(f.currency) ?? zero();
    for (const s of [g.s, t]) {
      if (f.counted) s.count += BigInt(f.count);
      s.fee += BigInt(f.fee);
      s.gateway_cost += BigInt(f.gateway_cost);
      s.reseller_commission += BigInt(f.reseller_commission);
    }
    groups.set(key, g);
    totals.set(f.currency, t);
  }
  const rows: EarningsReportRow[] = [...groups.entries()]
    .sort(
      ([, a], [, b]) =>
        b.day.localeCompare(a.day) ||
        a.currency.localeCompare(b.currency) ||
        a.gateway.localeCompare(b.gateway),
    )
    .map(([id, g]) => ({ id, day: g.day, gateway_code: g.gateway, ...shown(g.currency, g.s) }));
  return {
    rows,
    totals: [...totals.keys()].sort().map((c) => shown(c, totals.get(c)!)),
    differences: [],
    period: days.period,
  };
}
