import { z } from 'zod';
import { RULES } from '../access';
import { WITHDRAWAL_KIND } from '../money-kinds/withdrawal';
import type { WithdrawalStatus } from '../lifecycles';
import { CURRENCIES } from '../money';
import { defineCall, emptyRequest, formText, pageRequest } from './define';
import {
  instantText,
  kindListRequest,
  listPageOf,
  optionalInstantText,
  SORT_DIRECTIONS,
  sortField,
} from './list';
import { formCurrency, formOptionalCurrency, formOptionalDate } from './money-fields';
import { withdrawalRow } from './withdrawals';
import { settingChangeRow } from './setting-changes';
import { TIMEZONE_CHOICES } from '../accounts';

// ---------------------------------------------------------------------------------------------
// /withdrawal-history/list
// ---------------------------------------------------------------------------------------------

/** A withdrawal has been decided once an admin moved it out of `pending`. */
export const WITHDRAWAL_DECIDED_STATUSES = [
  'approved',
  'completed',
  'rejected',
] as const satisfies readonly WithdrawalStatus[];

/** A decided withdrawal with the admin of its last decision (none when the system made it). */
export const withdrawalHistoryRow = withdrawalRow.extend({
  status: z.enum(WITHDRAWAL_DECIDED_STATUSES),
  decided_by: z.string().nullable(),
  decided_at: optionalInstantText,
});
export type WithdrawalHistoryRow = z.infer<typeof withdrawalHistoryRow>;

/** Every reseller withdrawal ever decided (approved, completed or rejected), with filters and export. */
export const getWithdrawalHistory = defineCall({
  name: 'getWithdrawalHistory',
  request: z.object(kindListRequest(WITHDRAWAL_KIND, WITHDRAWAL_DECIDED_STATUSES)),
  response: listPageOf(withdrawalHistoryRow),
  rule: RULES.administrator,
});

// ---------------------------------------------------------------------------------------------
// /force-change-usdt
// ---------------------------------------------------------------------------------------------

/** A USDT rate is fiat per 1 USDT scaled by 10^8 (docs/money.md): at most 8 decimals. */
export const USDT_RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(USDT_RATE_DECIMALS);
/** The largest rate a rate column keeps (bigint), in major units: 10 digits before the point. */
const RATE_TEXT = /^(\d{1,10})(?:\.(\d+))?$/;

/** The fiat currencies a USDT rate may be set for (every known currency but USDT). */
export const USDT_RATE_CURRENCIES = CURRENCIES.filter((c) => c.code !== 'USDT').map((c) => c.code);

/**
 * Reads a rate text ("34.5", "25400") into fiat per USDT × 10^8, or explains why not: not a
 * plain decimal, more than 8 decimals (never rounded), zero.
 */
export function parseUsdtRate(
  text: string,
): { ok: true; rateE8: bigint } | { ok: false; message: string } {
  const m = RATE_TEXT.exec(text.trim());
  if (!m) return { ok: false, message: 'must be a decimal number such as 34.5' };
  const fraction = m[2] ?? '';
  if (fraction.length > USDT_RATE_DECIMALS)
    return { ok: false, message: `must have at most ${USDT_RATE_DECIMALS} decimals` };
  const rateE8 = BigInt(m[1]!) * RATE_SCALE + BigInt(fraction.padEnd(USDT_RATE_DECIMALS, '0'));
  if (rateE8 <= 0n) return { ok: false, message: 'must be more than zero' };
  return { ok: true, rateE8 };
}

/** A rate × 10^8 as its exact decimal text with 8 decimals ("34.50000000"). */
export function formatUsdtRate(rateE8: bigint): string {
  const digits = rateE8.toString().padStart(USDT_RATE_DECIMALS + 1, '0');
  return `${digits.slice(0, -USDT_RATE_DECIMALS)}.${digits.slice(-USDT_RATE_DECIMALS)}`;
}

/** The field `rate`: checked by `parseUsdtRate`, so a bad one is a 400 naming `rate`. */
const formUsdtRate = formText(40).superRefine((v, ctx) => {
  const read = parseUsdtRate(v);
  if (!read.ok) ctx.addIssue({ code: 'custom', message: read.message });
});

/** The rate now in force for one currency and who set it last (null: set by the system). */
export const usdtRateRow = z.object({
  currency: z.string(),
  /** Fiat per 1 USDT, 8 decimals. */
  rate: z.string(),
  updated_at: instantText,
  updated_by: z.string().nullable(),
  /** The reason given with the last change (null: set by the system). */
  reason: z.string().nullable(),
  /**
   * The last rate a second admin approved, 8 decimals: one admin alone may move the rate only
   * within the band around it (docs/security.md, Guarded settings).
   */
  reviewed_rate: z.string(),
});
export type UsdtRateRow = z.infer<typeof usdtRateRow>;

/** The USDT rate of each fiat currency that has one, in currency order. */
export const getUsdtRates = defineCall({
  name: 'getUsdtRates',
  request: emptyRequest,
  response: z.object({ rates: z.array(usdtRateRow) }),
  rule: RULES.administrator,
});

/** One change of a USDT rate, as it was made. */
export const usdtRateChangeRow = z.object({
  id: z.string(),
  currency: z.string(),
  /** The rate before (null when the currency had none). */
  previous_rate: z.string().nullable(),
  rate: z.string(),
  reason: z.string(),
  changed_by: z.string(),
  created_at: instantText,
});
export type UsdtRateChangeRow = z.infer<typeof usdtRateChangeRow>;

const optionalChoice = <const T extends readonly string[]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/** Every change of a USDT rate, newest first: who, when, from what, to what and why. */
export const getUsdtRateHistory = defineCall({
  name: 'getUsdtRateHistory',
  request: z.object({
    ...pageRequest,
    sort: sortField(['created_at'] as const),
    direction: optionalChoice(SORT_DIRECTIONS),
    currency: formOptionalCurrency,
    from: formOptionalDate,
    to: formOptionalDate,
    timeZone: optionalChoice(TIMEZONE_CHOICES),
  }),
  response: listPageOf(usdtRateChangeRow),
  rule: RULES.administrator,
});

/**
 * Sets the USDT rate of a fiat currency, with a reason; recorded in the rate history and the
 * admin log. The next settlement to the USDT wallet is priced at it; earlier ones keep the
 * rate they recorded at request. Setting the rate in force again is a 409. A change beyond the
 * band (`usdt_rate_band_percent` of `getApprovalSettings`, default ±10% of `reviewed_rate`, the
 * last rate a second admin approved, not of the rate in force)
 * does not apply: it waits for a second admin (`pending_change`, approved with
 * `approveSettingChange`) and the answer is the rate still in force. So does a currency's first
 * rate (no rate to measure it from): the answer's `rate` and `updated_at` are then null.
 */
export const changeUsdtRate = defineCall({
  name: 'changeUsdtRate',
  request: z.object({
    currency: formCurrency.refine((c) => c !== 'USDT', 'must be a fiat currency'),
    rate: formUsdtRate,
    reason: formText(300),
  }),
  response: usdtRateRow.extend({
    rate: z.string().nullable(),
    updated_at: instantText.nullable(),
    reviewed_rate: z.string().nullable(),
    pending_change: settingChangeRow.nullable(),
  }),
  rule: RULES.administrator,
});
