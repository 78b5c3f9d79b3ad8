/**
 * Fee arithmetic, exact and pure. Amounts are integer minor units (`bigint`); percentages are
 * integer parts per million (ppm: 1% = 10_000 ppm). The one rounding rule: a percentage is
 * rounded down to the minor unit, so any fraction of a minor unit stays with the merchant.
 */
export const PPM = 1_000_000;

/** A price: percent (ppm) plus a fixed amount, optionally bounded below and above. */
export interface Rate {
  readonly percentPpm: number;
  readonly fixed: bigint;
  readonly min?: bigint | null;
  readonly max?: bigint | null;
}

export const ZERO_RATE: Rate = { percentPpm: 0, fixed: 0n };

/** How one movement's amount is shared out; the four parts always add up to `amount`. */
export interface FeeSplit {
  readonly amount: bigint;
  /** What the merchant pays (merchant rate), never above the amount. */
  readonly fee: bigint;
  /** amount − fee. */
  readonly merchantNet: bigint;
  /** The merchant fee above the reseller's rate; never negative. */
  readonly resellerCommission: bigint;
  /** The reseller's rate minus the gateway's cost; negative when sold below cost. */
  readonly platformProfit: bigint;
  /** What the payment gateway keeps, never above the amount. */
  readonly gatewayCost: bigint;
}

const clamp = (v: bigint, lo: bigint, hi: bigint) => (v < lo ? lo : v > hi ? hi : v);

/** The charge of `rate` on `amount`: percent rounded down, plus fixed, bounded, within [0, amount]. */
export function chargeOf(amount: bigint, rate: Rate): bigint {
  if (amount <= 0n) return 0n;
  if (!Number.isInteger(rate.percentPpm) || rate.percentPpm < 0)
    throw new Error('percentPpm must be a non-negative integer');
  let fee = (amount * BigInt(rate.percentPpm)) / BigInt(PPM) + rate.fixed;
  if (rate.min !== undefined && rate.min !== null && fee < rate.min) fee = rate.min;
  if (rate.max !== undefined && rate.max !== null && fee > rate.max) fee = rate.max;
  return clamp(fee, 0n, amount);
}

/**
 * Splits `amount` between merchant, reseller, platform and gateway. The reseller's rate sits
 * beneath the merchant's: its commission is the difference (never negative); without a
 * reseller the platform keeps the whole fee above the gateway's cost.
 */
export function splitFee(
  amount: bigint,
  rates: { merchant: Rate; reseller: Rate | null; gateway: Rate },
): FeeSplit {
  const fee = chargeOf(amount, rates.merchant);
  const resellerPrice = rates.reseller ? chargeOf(amount, rates.reseller) : fee;
  const platformShare = resellerPrice < fee ? resellerPrice : fee;
  const gatewayCost = chargeOf(amount, rates.gateway);
  return {
    amount,
    fee,
    merchantNet: amount - fee,
    resellerCommission: fee - platformShare,
    platformProfit: platformShare - gatewayCost,
    gatewayCost,
  };
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** Reads a percent like "2.5" (up to 4 decimals, at most 100) as ppm; null when not one. */
export function parsePercentPpm(text: string): number | null {
  const m = PERCENT.exec(text.trim());
  if (!m) return null;
  const ppm = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return ppm <= PPM ? ppm : null;
}

/** Writes ppm as a percent string with 4 decimals, e.g. 25000 → "2.5000". */
export function formatPercentPpm(ppm: number): string {
  const whole = Math.trunc(ppm / 10_000);
  const frac = String(ppm % 10_000).padStart(4, '0');
  return `${whole}.${frac}`;
}

/**
 * The parts a fee is split into, as rows, reports and totals name them (docs/money.md): what
 * the gateway kept, the reseller's commission and the platform's profit.
 */
export const FEE_SPLIT_PARTS = ['gateway_cost', 'reseller_commission', 'platform_profit'] as const;
export type FeeSplitPart = (typeof FEE_SPLIT_PARTS)[number];

/**
 * The parts of a fee split a viewer sees, the one rule for money detail and list totals: an
 * admin all; a reseller its commission; a merchant none (the gateway's cost and the platform's
 * profit are the platform's own, as the profit reports' `PLATFORM_PROFIT_FIGURES`).
 */
export function feeSplitPartsSeenBy(
  accountType: 'admin' | 'reseller' | 'merchant',
): readonly FeeSplitPart[] {
  if (accountType === 'admin') return FEE_SPLIT_PARTS;
  return accountType === 'reseller' ? ['reseller_commission'] : [];
}

/**
 * A fee split as a viewer sees it: each part `partOf` gives (its text), or null where
 * `feeSplitPartsSeenBy` hides it. Money detail's journals and list totals both answer this.
 */
export function feeSplitSeenBy<T>(
  accountType: 'admin' | 'reseller' | 'merchant',
  partOf: (part: FeeSplitPart) => T,
): Record<FeeSplitPart, T | null> {
  const seen: readonly FeeSplitPart[] = feeSplitPartsSeenBy(accountType);
  return Object.fromEntries(
    FEE_SPLIT_PARTS.map((part) => [part, seen.includes(part) ? partOf(part) : null]),
  ) as Record<FeeSplitPart, T | null>;
}
