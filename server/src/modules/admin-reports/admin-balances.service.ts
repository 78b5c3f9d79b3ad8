import {
  ALL_CURRENCY_PURPOSES,
  formatAmount,
  ianaZoneOf,
  instantOf,
  type AllCurrencyBalanceRow,
  type BalanceAccountType,
  type BalanceReportRow,
  type TimezoneChoice,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { defaultReportZone } from '../report-settings/report-settings.service';
import { dayInZone, pastInstant } from '../reports/report-service';
import { ledgerBalancesAt, tenantsMatching, type LedgerBalanceRow } from './admin-balances.queries';

/**
 * The `/balance-reports` account type of a ledger account, by its purpose. Every purpose is named
 * (no default): a purpose added to the ledger fails the typecheck here until it is given a type,
 * instead of being counted under another one (the dispute accounts once showed as the currency
 * exchange pool). A purpose the database holds but the ledger does not know is refused.
 */
export function accountTypeOf(row: Pick<LedgerBalanceRow, 'purpose'>): BalanceAccountType {
  switch (row.purpose) {
    case 'available':
    case 'reserved':
    case 'payout_available':
    case 'payout_reserved':
    case 'usdt_wallet':
    case 'disputed':
    case 'dispute_shortfall':
      return `merchant_${row.purpose}`;
    case 'commission':
    case 'commission_reserved':
      return `reseller_${row.purpose}`;
    case 'platform_fees':
      return 'platform_profit';
    case 'bank':
      return 'platform_bank';
    case 'gateway_clearing':
      return 'gateway_clearing';
    case 'reconciliation_difference':
      return 'reconciliation_difference';
    case 'fx_pool':
      return 'fx_pool';
    default: {
      const unknown: never = row.purpose;
      throw new Error(`ledger purpose ${String(unknown)} has no balance report account type`);
    }
  }
}

const page = <T>(rows: readonly T[], input: { page: number; pageSize: number }) =>
  rows.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);

/**
 * The period of a balance at an instant: the day it falls on in the request's zone, or in the
 * default report zone (/report-setting) when the request names none.
 */
async function dayOf(ctx: UserCallContext, at: Date, timeZone: TimezoneChoice | undefined) {
  const zone = timeZone ?? (await defaultReportZone(ctx.db));
  const day = dayInZone(at, ianaZoneOf(zone));
  return { from_day: day, to_day: day, time_zone: zone };
}

/**
 * `/balance-reports`: every ledger account's balance at the instant, summed per account type
 * and currency. Double entry: each currency's account types sum to zero, else a difference.
 */
export async function balanceReport(
  ctx: UserCallContext,
  input: { currency?: string; at?: string; timeZone?: TimezoneChoice },
) {
  const at = input.at ? pastInstant(instantOf(input.at)) : new Date();
  const balances = await ledgerBalancesAt(ctx.db, input.at ? at : 'now', input.currency);
  const sums = new Map<string, { row: Omit<BalanceReportRow, 'balance'>; balance: bigint }>();
  for (const b of balances) {
    const type = accountTypeOf(b);
    const key = `${b.currency}:${type}`;
    const s = sums.get(key) ?? {
      row: { id: key, account_type: type, currency: b.currency, accounts: 0 },
      balance: 0n,
    };
    s.row = { ...s.row, accounts: s.row.accounts + 1 };
    s.balance += BigInt(b.balance);
    sums.set(key, s);
  }
  const rows: BalanceReportRow[] = [...sums.values()]
    .sort((a, b) => a.row.id.localeCompare(b.row.id))
    .map((s) => ({ ...s.row, balance: formatAmount(s.balance, s.row.currency) }));
  const perCurrency = new Map<string, bigint>();
  for (const s of sums.values())
    perCurrency.set(s.row.currency, (perCurrency.get(s.row.currency) ?? 0n) + s.balance);
  const totals = [...perCurrency].map(([currency, sum]) => ({
    currency,
    balance: formatAmount(sum, currency),
  }));
  const differences = totals
    .filter((t) => perCurrency.get(t.currency) !== 0n)
    .map((t) => `${t.currency}: the ledger's account types sum to ${t.balance}, not zero`);
  return { rows, totals, differences, period: await dayOf(ctx, at, input.timeZone), at };
}

const TENANT_PURPOSES = ALL_CURRENCY_PURPOSES;
type Figures = Record<(typeof TENANT_PURPOSES)[number] | 'total', bigint>;

/** `/all-currency-balance`: each merchant's and reseller's balances now, per currency held. */
export async function allCurrencyBalance(
  ctx: UserCallContext,
  input: { currency?: string; search?: string; timeZone?: TimezoneChoice },
) {
  const now = new Date();
  const tenants = await tenantsMatching(ctx.db, input.search);
  const balances = await ledgerBalancesAt(ctx.db, 'now', input.currency);
  const figures = new Map<string, { owner: string; currency: string; v: Figures }>();
  for (const b of balances) {
    const purpose = TENANT_PURPOSES.find((p) => p === b.purpose);
    if (b.owner_kind !== 'account' || !purpose || !tenants.has(b.owner_id)) continue;
    const key = `${b.owner_id}:${b.currency}`;
    const f = figures.get(key) ?? {
      owner: b.owner_id,
      currency: b.currency,
      v: Object.fromEntries([...TENANT_PURPOSES, 'total'].map((p) => [p, 0n])) as Figures,
    };
    f.v[purpose] += BigInt(b.balance);
    f.v.total += BigInt(b.balance);
    figures.set(key, f);
  }
  const shown = (currency: string, v: Figures) => ({
    currency,
    ...(Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, formatAmount(x, currency)]),
    ) as Record<keyof Figures, string>),
  });
  const rows: AllCurrencyBalanceRow[] = [...figures.entries()]
    .map(([key, f]) => {
      const tenant = tenants.get(f.owner)!;
      return {
        id: key,
        account_id: f.owner,
        account_db_code: tenant.account_db_code,
        account_name: tenant.name,
        account_type: tenant.account_type as 'merchant' | 'reseller',
        ...shown(f.currency, f.v),
      };
    })
    .sort(
      (a, b) =>
        a.account_db_code.localeCompare(b.account_db_code) || a.currency.localeCompare(b.currency),
    );
  const sums = new Map<string, Figures>();
  for (const f of figures.values()) {
    const s = sums.get(f.currency) ?? ({ ...f.v, ...zeroOf(f.v) } as Figures);
    for (const k of Object.keys(s) as (keyof Figures)[]) s[k] += f.v[k];
    sums.set(f.currency, s);
  }
  const totals = [...sums.keys()].sort().map((c) => shown(c, sums.get(c)!));
  return { rows, totals, differences: [], period: await dayOf(ctx, now, input.timeZone) };
}

const zeroOf = (v: Figures) =>
  Object.fromEntries(Object.keys(v).map((k) => [k, 0n])) as unknown as Figures;

export { page as pageOf };
