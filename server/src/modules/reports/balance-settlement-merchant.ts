import type { MerchantBalanceSettlementRow, TimezoneChoice } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { MERCHANT_HELD_PURPOSES, MERCHANT_SETTLEMENT } from './balance-settlement-columns';
import {
  heldCurrencies,
  formatValues,
  settlementDifferences,
  settlementFigures,
  shownValues,
  totalsPerCurrency,
} from './balance-settlement-figures';
import { settlementTenants } from './balance-settlement-tenants';
import { readReportDays, type ComputedReport } from './report-service';

/**
 * `/merchant-balance-settlement`: per merchant and currency of its contracts (or of accounts
 * it ever held), opening, credited, settled (bank, USDT), paid out, topped up, refunded, lost to
 * disputes, adjustments, reserved and held by open disputes at the end, closing and the
 * difference (zero when the books agree).
 */
export interface MerchantSettlementInput {
  readonly currency?: string;
  readonly from?: string;
  readonly to?: string;
  readonly timeZone?: TimezoneChoice;
  readonly search?: string;
  readonly merchantDbCode?: string;
  readonly resellerDbCode?: string;
}

type Totals = Omit<
  MerchantBalanceSettlementRow,
  'id' | 'merchant_id' | 'merchant_db_code' | 'merchant_name'
>;

export async function merchantBalanceSettlement(
  ctx: UserCallContext,
  input: MerchantSettlementInput,
): Promise<ComputedReport<MerchantBalanceSettlementRow, Totals>> {
  const days = await readReportDays(ctx, input);
  const tenants = await settlementTenants(ctx, 'merchant', input);
  const pairs = await heldCurrencies(
    ctx.db,
    [...tenants.keys()],
    MERCHANT_SETTLEMENT.purposes,
    input.currency,
    `UNION SELECT merchant_account_id::text, currency FROM contracts
      WHERE merchant_account_id = ANY($1::uuid[]) AND ($3::text IS NULL OR currency = $3)`,
  );
  const figures = await settlementFigures(ctx.db, days, tenants, pairs, MERCHANT_SETTLEMENT);
  const valuesOf = (f: (typeof figures)[number]) => ({
    ...shownValues(MERCHANT_SETTLEMENT, f),
    reserved: MERCHANT_HELD_PURPOSES.reduce((s, p) => s + (f.closingOf.get(p) ?? 0n), 0n),
    disputes_held: f.closingOf.get('disputed') ?? 0n,
  });
  const shown = (currency: string, v: Record<string, bigint>) =>
    ({ currency, ...formatValues(currency, v) }) as Totals;
  const rows = figures.map((f) => ({
    id: `${f.tenant.id}:${f.currency}`,
    merchant_id: f.tenant.id,
    merchant_db_code: f.tenant.account_db_code,
    merchant_name: f.tenant.name,
    ...shown(f.currency, valuesOf(f)),
  }));
  const totals = totalsPerCurrency(
    figures.map((f) => ({ currency: f.currency, values: valuesOf(f) })),
    shown,
  );
  return { rows, totals, differences: settlementDifferences(figures), period: days.period };
}
