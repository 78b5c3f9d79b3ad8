import type { getProfitReport, ProfitReportRow, ProfitTotalsRow } from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import { readReportDays, reportOwners, type ComputedReport } from './report-service';
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
import { accountInScope, accountsByIds, tenantsOf, type ReportAccount } from './profit-scope';

type Input = z.output<(typeof getProfitReport)['request']>;

/** The merchants a profit report reads: the caller's scope, narrowed by its filters. */
async function ownersOf(ctx: UserCallContext, input: Input): Promise<readonly string[] | null> {
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
  if (input.merchantDbCode) {
    const merchant = await accountInScope(
      ctx,
      'merchantDbCode',
      'account_db_code',
      input.merchantDbCode,
      ['merchant'],
    );
    owners = owners === null || owners.includes(merchant.id) ? [merchant.id] : [];
  }
  return owners;
}

/**
 * /profit-report: the successful transactions' figures and fee split per reseller (admin;
 * merchants without one share a row) or per merchant (reseller), per currency.
 */
export async function computeProfitReport(
  ctx: UserCallContext,
  input: Input,
): Promise<ComputedReport<ProfitReportRow, ProfitTotalsRow>> {
  const platformFigures = ctx.actor.accountType === 'admin';
  const days = await readReportDays(ctx, input);
  const owners = await ownersOf(ctx, input);
  const figures = await readFigures(ctx.db, days, owners, input.currency, ['owner'], {
    countedOnly: true,
  });
  const merchants = await accountsByIds(ctx.db, [...new Set(figures.map((f) => f.owner))]);
  const perReseller = ctx.actor.accountType === 'admin';
  const groups = new Map<string, { accountId: string; currency: string; sums: ProfitSums }>();
  for (const f of figures) {
    const owner = merchants.get(f.owner);
    const accountId = perReseller ? resellerRowOf(owner) : f.owner;
    const group = entryOf(groups, `${accountId}|${f.currency}`, () => ({
      accountId,
      currency: f.currency,
      sums: emptyProfit(),
    }));
    addProfit(group.sums, f);
  }
  const names = perReseller
    ? await accountsByIds(ctx.db, [
        ...new Set([...groups.values()].map((g) => g.accountId).filter(Boolean)),
      ])
    : merchants;
  const rows = [...groups.values()]
    .map((g) => {
      const account = names.get(g.accountId);
      return {
        id: `${g.accountId || 'direct'}-${g.currency}`,
        account_id: g.accountId,
        account_db_code: account?.account_db_code ?? '',
        account_name: account?.name ?? '',
        ...profitFields(g.sums, g.currency, platformFigures),
      };
    })
    .sort(byCodeThenCurrency);
  const totals = totalsByCurrency(groups.values());
  return {
    rows,
    totals: [...totals].map(([currency, sums]) => profitFields(sums, currency, platformFigures)),
    differences: splitDifferences(totals),
    period: days.period,
  };
}

/**
 * The reseller row (admin) a figure's owner counts in: a merchant's reseller's (none: '', the
 * row of merchants without one), a reseller's own (its adjustments).
 */
const resellerRowOf = (owner: ReportAccount | undefined): string =>
  owner?.account_type === 'reseller' ? owner.id : (owner?.reseller_account_id ?? '');

/** Code order, the row without a reseller last; then currency. */
function byCodeThenCurrency(a: ProfitReportRow, b: ProfitReportRow): number {
  const code = (r: ProfitReportRow) => r.account_db_code || '\uffff';
  if (code(a) !== code(b)) return code(a) < code(b) ? -1 : 1;
  return a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;
}
