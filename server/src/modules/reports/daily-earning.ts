import {
  formatAmount,
  PROFIT_KINDS,
  type DailyEarningRow,
  type getDailyEarningReport,
  type ProfitKind,
} from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import { byDay, readReportDays, reportOwners, type ComputedReport } from './report-service';
import { entryOf, readFigures } from './profit-figures';
import { accountInScope, tenantsOf } from './profit-scope';

type Input = z.output<(typeof getDailyEarningReport)['request']>;
type Totals = Omit<DailyEarningRow, 'id' | 'day'>;
type Earning = Record<ProfitKind, bigint>;

const emptyEarning = (): Earning =>
  Object.fromEntries(PROFIT_KINDS.map((kind) => [kind, 0n])) as Earning;

function fieldsOf(e: Earning, currency: string): Totals {
  const out: Record<string, string> = { currency };
  for (const kind of PROFIT_KINDS) out[`${kind}_earning`] = formatAmount(e[kind], currency);
  out.earning = formatAmount(
    PROFIT_KINDS.reduce((sum, k) => sum + e[k], 0n),
    currency,
  );
  return out as unknown as Totals;
}

/**
 * /daily-earning-report: per day of the zone and currency, what the caller earned from the
 * successful transactions created that day: an admin the platform profit (of every merchant,
 * or of one reseller's merchants), a reseller its commission on its merchants.
 */
export async function computeDailyEarningReport(
  ctx: UserCallContext,
  input: Input,
): Promise<ComputedReport<DailyEarningRow, Totals>> {
  const days = await readReportDays(ctx, input);
  let owners = await reportOwners(ctx);
  if (input.resellerDbCode) {
    const reseller = await accountInScope(
      ctx,
      'resellerDbCode',
      'account_db_code',
      input.resellerDbCode,
      ['reseller'],
    );
    owners = await tenantsOf(ctx.db, reseller);
  }
  const figure = ctx.actor.accountType === 'admin' ? 'platform_profit' : 'reseller_commission';
  const figures = await readFigures(ctx.db, days, owners, input.currency, ['day'], {
    countedOnly: true,
  });
  const groupsByDay = new Map<string, { day: string; currency: string; earning: Earning }>();
  const totals = new Map<string, Earning>();
  for (const f of figures) {
    const group = entryOf(groupsByDay, `${f.day}|${f.currency}`, () => ({
      day: f.day,
      currency: f.currency,
      earning: emptyEarning(),
    }));
    group.earning[f.kind] += f[figure];
    entryOf(totals, f.currency, emptyEarning)[f.kind] += f[figure];
  }
  const rows = [...groupsByDay.values()]
    .sort(byDay(input.direction, (a, b) => (a.currency < b.currency ? -1 : 1)))
    .map((g) => ({ id: `${g.day}-${g.currency}`, day: g.day, ...fieldsOf(g.earning, g.currency) }));
  return {
    rows,
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, e]) => fieldsOf(e, currency)),
    period: days.period,
  };
}
