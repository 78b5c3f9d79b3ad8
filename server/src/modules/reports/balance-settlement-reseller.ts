import type { ResellerBalanceSettlementRow } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { RESELLER_SETTLEMENT } from './balance-settlement-columns';
import {
  formatValues,
  heldCurrencies,
  settlementDifferences,
  settlementFigures,
  shownValues,
  totalsPerCurrency,
} from './balance-settlement-figures';
import type { MerchantSettlementInput } from './balance-settlement-merchant';
import { settlementTenants } from './balance-settlement-tenants';
import { readReportDays, type ComputedReport } from './report-service';

/**
 * `/reseller-balance-settlement`: per reseller and currency of its commission accounts,
 * opening commission balance, earned, withdrawn, available and reserved (for pending
 * withdrawals) at the end, closing (their total) and the difference.
 */
type Totals = Omit<
  ResellerBalanceSettlementRow,
  'id' | 'reseller_id' | 'reseller_db_code' | 'reseller_name'
>;

export async function resellerBalanceSettlement(
  ctx: UserCallContext,
  input: Omit<MerchantSettlementInput, 'merchantDbCode'>,
): Promise<ComputedReport<ResellerBalanceSettlementRow, Totals>> {
  const days = await readReportDays(ctx, input);
  const tenants = await settlementTenants(ctx, 'reseller', input);
  const pairs = await heldCurrencies(
    ctx.db,
    [...tenants.keys()],
    RESELLER_SETTLEMENT.purposes,
    input.currency,
  );
  const figures = await settlementFigures(ctx.db, days, tenants, pairs, RESELLER_SETTLEMENT);
  const valuesOf = (f: (typeof figures)[number]) => {
    const { closing, difference, ...moved } = shownValues(RESELLER_SETTLEMENT, f);
    return {
      ...moved,
      available: f.closingOf.get('commission') ?? 0n,
      reserved: f.closingOf.get('commission_reserved') ?? 0n,
      closing: closing!,
      difference: difference!,
    };
  };
  const shown = (currency: string, v: Record<string, bigint>) =>
    ({ currency, ...formatValues(currency, v) }) as Totals;
  const rows = figures.map((f) => ({
    id: `${f.tenant.id}:${f.currency}`,
    reseller_id: f.tenant.id,
    reseller_db_code: f.tenant.account_db_code,
    reseller_name: f.tenant.name,
    ...shown(f.currency, valuesOf(f)),
  }));
  const totals = totalsPerCurrency(
    figures.map((f) => ({ currency: f.currency, values: valuesOf(f) })),
    shown,
  );
  return { rows, totals, differences: settlementDifferences(figures), period: days.period };
}
