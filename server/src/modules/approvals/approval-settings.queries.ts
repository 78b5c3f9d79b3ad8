import { CURRENCIES, DEFAULT_USDT_RATE_BAND_PERCENT, USDT_RATE_BAND_BOUNDS } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { readSavedSetting, saveSettings } from '../app-settings/settings.service';

/** Hours an undecided request waits before the expiry sweep rejects it, when none is saved. */
const DEFAULT_APPROVAL_EXPIRY_HOURS = 72;

const EXPIRY_KEY = 'approval_expiry_hours';

/**
 * The hours a request may wait for a decision (the saved setting, else 72), read through the
 * platform settings store (its short cache; fresh inside a transaction).
 */
export async function findApprovalExpiryHours(db: Queryable): Promise<number> {
  const hours = Number(await readSavedSetting(db, EXPIRY_KEY));
  return Number.isInteger(hours) && hours > 0 ? hours : DEFAULT_APPROVAL_EXPIRY_HOURS;
}

/** Saves the hours a request may wait for a decision (the store's cache is emptied). */
export async function saveApprovalExpiryHours(db: Queryable, hours: number): Promise<void> {
  await saveSettings(db, [[EXPIRY_KEY, String(hours)]]);
}

const BAND_KEY = 'usdt_rate_band_percent';

/**
 * The band (± whole percent of the rate in force) within which a USDT rate change applies at
 * once: the saved setting, else 10.
 */
export async function findUsdtRateBandPercent(db: Queryable): Promise<number> {
  const percent = Number(await readSavedSetting(db, BAND_KEY));
  const [least, most] = USDT_RATE_BAND_BOUNDS;
  return Number.isInteger(percent) && percent >= least && percent <= most
    ? percent
    : DEFAULT_USDT_RATE_BAND_PERCENT;
}

/** Saves the USDT rate band (the store's cache is emptied). */
export async function saveUsdtRateBandPercent(db: Queryable, percent: number): Promise<void> {
  await saveSettings(db, [[BAND_KEY, String(percent)]]);
}

/**
 * The amount (minor units) at or above which a money-out in `currency` needs two approvers:
 * the saved threshold, else 0 (every amount).
 */
export async function findTwoApproverThreshold(db: Queryable, currency: string): Promise<bigint> {
  const { rows } = await db.query<{ min_amount: bigint }>(
    'SELECT min_amount FROM approval_thresholds WHERE currency = $1',
    [currency],
  );
  return rows[0]?.min_amount ?? 0n;
}

/** Every currency's two-approver threshold, saved or default (0), in the contract's order. */
export async function listTwoApproverThresholds(
  db: Queryable,
): Promise<{ currency: string; minAmount: bigint; isDefault: boolean }[]> {
  const { rows } = await db.query<{ currency: string; min_amount: bigint }>(
    'SELECT currency, min_amount FROM approval_thresholds',
  );
  const saved = new Map(rows.map((r) => [r.currency, r.min_amount]));
  return CURRENCIES.map((c) => ({
    currency: c.code,
    minAmount: saved.get(c.code) ?? 0n,
    isDefault: !saved.has(c.code),
  }));
}

/** Saves one currency's two-approver threshold (minor units). */
export async function saveTwoApproverThreshold(
  db: Queryable,
  currency: string,
  minAmount: bigint,
): Promise<void> {
  await db.query(
    `INSERT INTO approval_thresholds (currency, min_amount, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (currency) DO UPDATE SET min_amount = EXCLUDED.min_amount, updated_at = now()`,
    [currency, minAmount.toString()],
  );
}
