import { formatAmount, formatPercentPpm, parseAmount, parsePercentPpm } from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { ContractRecord } from './contracts.queries';

/** The rate fields of `createContract` and a draft `getFeePreview`, as typed (text or missing). */
export interface RateFields {
  payinPercent?: string;
  payinFixed?: string;
  payinMin?: string;
  payinMax?: string;
  payoutPercent?: string;
  payoutFixed?: string;
  settlementPercent?: string;
  settlementFixed?: string;
  resellerPayinPercent?: string;
  resellerPayinFixed?: string;
  resellerPayoutPercent?: string;
  resellerPayoutFixed?: string;
  resellerSettlementPercent?: string;
  resellerSettlementFixed?: string;
  refundPercent?: string;
  refundFixed?: string;
}

/** The prices of a contract version, in ppm and minor units. */
export type ContractRates = Omit<
  ContractRecord,
  'id' | 'version' | 'merchant_account_id' | 'currency' | 'gateway_id' | 'effective_from'
>;

/** How far ahead a version may be scheduled, and how far back "now" may be (clock skew). */
export const MAX_SCHEDULE_AHEAD_MS = 5 * 366 * 24 * 3600_000;
export const NOW_TOLERANCE_MS = 5 * 60_000;

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * When a new version applies: an ISO-8601 date ("2026-12-01", UTC midnight) or instant with
 * its zone ("2026-12-01T08:00:00Z", "…+07:00"); missing means now. It may not lie in the past
 * (past movements keep the version they used) nor more than five years ahead.
 */
export function readEffectiveFrom(text: string | undefined, now: Date): Date {
  if (text === undefined) return now;
  const m = ISO_INSTANT.exec(text);
  const date = m ? new Date(m[4] === undefined ? `${text}T00:00:00Z` : text) : null;
  const fieldsMatch =
    m &&
    date &&
    !Number.isNaN(date.getTime()) &&
    Number(m[2]) >= 1 &&
    Number(m[2]) <= 12 &&
    Number(m[3]) >= 1 &&
    Number(m[3]) <= 31 &&
    Number(m[4] ?? 0) <= 23 &&
    Number(m[5] ?? 0) <= 59 &&
    Number(m[6] ?? 0) <= 59;
  if (!fieldsMatch || !date)
    throw badInput(
      'effectiveFrom must be an ISO-8601 date or date-time with its zone, such as 2026-12-01T00:00:00Z',
    );
  if (date.getTime() < now.getTime() - NOW_TOLERANCE_MS)
    throw badInput(
      'effectiveFrom must not be in the past: a rate change applies from now or a later date',
    );
  if (date.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_MS)
    throw badInput('effectiveFrom must be at most five years ahead');
  return date.getTime() < now.getTime() ? now : date;
}

function readPercent(field: string, text: string | undefined): number {
  if (text === undefined) return 0;
  const ppm = parsePercentPpm(text);
  if (ppm === null)
    throw badInput(`${field} must be a percent between 0 and 100 with at most 4 decimals`);
  return ppm;
}

/** A non-negative amount in the currency's scale (minor units); null when missing. */
function readMoney(field: string, text: string | undefined, currency: string): bigint | null {
  if (text === undefined) return null;
  const minor = /^\d{1,15}(\.\d+)?$/.test(text) ? parseAmount(text, currency) : null;
  if (minor === null || minor < 0n) {
    const scale = formatAmount(0n, currency).split('.')[1]?.length ?? 0;
    throw badInput(
      `${field} must be an amount of at least 0 with at most ${scale} decimals for ${currency}`,
    );
  }
  return minor;
}

const MOVEMENTS = [
  ['payin', 'Payin'],
  ['payout', 'Payout'],
  ['settlement', 'Settlement'],
] as const;

/**
 * Reads and checks a version's rates: percents within 0–100 with 4 decimals, amounts within the
 * currency's scale, the minimum not above the maximum, and for each movement the reseller's
 * rate not above the merchant's (its percent and its fixed part compared separately), so the
 * reseller's commission is never negative. The refund fee has no reseller rate beneath it. The first broken rule answers 400 naming the field.
 */
export function readContractRates(input: RateFields, currency: string): ContractRates {
  const min = readMoney('payinMin', input.payinMin, currency);
  const max = readMoney('payinMax', input.payinMax, currency);
  const rates: ContractRates = {
    payin_ppm: readPercent('payinPercent', input.payinPercent),
    payin_fixed: readMoney('payinFixed', input.payinFixed, currency) ?? 0n,
    payin_min: min,
    payin_max: max,
    payout_ppm: readPercent('payoutPercent', input.payoutPercent),
    payout_fixed: readMoney('payoutFixed', input.payoutFixed, currency) ?? 0n,
    settlement_ppm: readPercent('settlementPercent', input.settlementPercent),
    settlement_fixed: readMoney('settlementFixed', input.settlementFixed, currency) ?? 0n,
    reseller_payin_ppm: readPercent('resellerPayinPercent', input.resellerPayinPercent),
    reseller_payin_fixed: readMoney('resellerPayinFixed', input.resellerPayinFixed, currency) ?? 0n,
    reseller_payout_ppm: readPercent('resellerPayoutPercent', input.resellerPayoutPercent),
    reseller_payout_fixed:
      readMoney('resellerPayoutFixed', input.resellerPayoutFixed, currency) ?? 0n,
    reseller_settlement_ppm: readPercent(
      'resellerSettlementPercent',
      input.resellerSettlementPercent,
    ),
    reseller_settlement_fixed:
      readMoney('resellerSettlementFixed', input.resellerSettlementFixed, currency) ?? 0n,
    refund_ppm: readPercent('refundPercent', input.refundPercent),
    refund_fixed: readMoney('refundFixed', input.refundFixed, currency) ?? 0n,
  };
  if (min !== null && max !== null && min > max)
    throw badInput(
      `payinMin (${formatAmount(min, currency)}) must not be above payinMax (${formatAmount(max, currency)})`,
    );
  for (const [key, name] of MOVEMENTS) {
    const merchantPpm = rates[`${key}_ppm`];
    const resellerPpm = rates[`reseller_${key}_ppm`];
    if (resellerPpm > merchantPpm)
      throw badInput(
        `reseller${name}Percent (${formatPercentPpm(resellerPpm)}%) must not be above ${key}Percent (${formatPercentPpm(merchantPpm)}%): the reseller's percent sits beneath the merchant's, so its commission is never negative`,
      );
    const merchantFixed = rates[`${key}_fixed`];
    const resellerFixed = rates[`reseller_${key}_fixed`];
    if (resellerFixed > merchantFixed)
      throw badInput(
        `reseller${name}Fixed (${formatAmount(resellerFixed, currency)}) must not be above ${key}Fixed (${formatAmount(merchantFixed, currency)}): the reseller's fixed fee sits beneath the merchant's, so its commission is never negative`,
      );
  }
  return rates;
}
