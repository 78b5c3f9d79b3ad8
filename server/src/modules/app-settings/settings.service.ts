import {
  isWebAddress,
  PLATFORM_SETTING_BOUNDS,
  type PlatformSettingField,
  type PlatformSettingValues,
} from '@bo/contract';
import type { Config } from '../../config/config';
import type { Db, Queryable } from '../../db/db';
import { findSavedSettings, upsertSettings } from './settings.queries';

/**
 * The one place the platform settings are read: a value saved by an admin (the `settings`
 * table) overrides the server's default (the environment, `config/config.ts`). Every reader
 * (getAppSettings, sign-in limits, request expiry, general settings) goes through here.
 *
 * Reads through the database (not a transaction) share a short cache; a save empties it, and
 * the saving call empties it again once its transaction has committed. Other servers on the
 * same PostgreSQL see a change within the cache's lifetime.
 */
export const SETTINGS_CACHE_MS = 5_000;

type Value = number | string;
interface SettingDef {
  /** The key in the `settings` table and in the answers. */
  readonly key: keyof PlatformSettingValues;
  readonly fallback: (config: Config) => Value;
  /** The bounds of a whole number; a link when absent. */
  readonly bounds?: readonly [number, number];
}

/** Each platform setting by its request field. */
export const PLATFORM_SETTINGS: Readonly<Record<PlatformSettingField, SettingDef>> = {
  liveUpdateIntervalMs: {
    key: 'live_update_interval_ms',
    fallback: (c) => c.liveUpdateIntervalMs,
    bounds: PLATFORM_SETTING_BOUNDS.liveUpdateIntervalMs,
  },
  payinStuckMinutes: {
    key: 'payin_stuck_minutes',
    fallback: (c) => c.payinStuckMinutes,
    bounds: PLATFORM_SETTING_BOUNDS.payinStuckMinutes,
  },
  announcementChannelUrl: {
    key: 'announcement_channel_url',
    fallback: (c) => c.announcementChannelUrl,
  },
  marketingMaterialsUrl: {
    key: 'marketing_materials_url',
    fallback: (c) => c.marketingMaterialsUrl,
  },
  skypeUrl: { key: 'skype_url', fallback: (c) => c.skypeUrl },
  loginMaxFailuresPerAccount: {
    key: 'login_max_failures_per_account',
    fallback: (c) => c.loginMaxFailuresPerAccount,
    bounds: PLATFORM_SETTING_BOUNDS.loginMaxFailuresPerAccount,
  },
  loginMaxFailuresPerAddress: {
    key: 'login_max_failures_per_address',
    fallback: (c) => c.loginMaxFailuresPerAddress,
    bounds: PLATFORM_SETTING_BOUNDS.loginMaxFailuresPerAddress,
  },
  loginFailureWindowMinutes: {
    key: 'login_failure_window_minutes',
    fallback: (c) => c.loginFailureWindowMinutes,
    bounds: PLATFORM_SETTING_BOUNDS.loginFailureWindowMinutes,
  },
  refundReturnsPayinFee: {
    key: 'refund_returns_payin_fee',
    fallback: (c) => c.refundReturnsPayinFee,
    bounds: PLATFORM_SETTING_BOUNDS.refundReturnsPayinFee,
  },
  adjustmentThirdApproverFrom: {
    key: 'adjustment_third_approver_from',
    fallback: () => 0,
    bounds: PLATFORM_SETTING_BOUNDS.adjustmentThirdApproverFrom,
  },
};

const DEFS = Object.values(PLATFORM_SETTINGS);

let cache = new WeakMap<Queryable, { at: number; saved: ReadonlyMap<string, string> }>();

const isDatabase = (q: Queryable): q is Db => typeof (q as Partial<Db>).transaction === 'function';

/** Empties the cache: after a change has committed (a save empties it too). */
export function forgetSavedSettings(): void {
  cache = new WeakMap();
}

/** The saved settings: cached for the database, read afresh inside a transaction. */
async function savedSettings(q: Queryable): Promise<ReadonlyMap<string, string>> {
  if (!isDatabase(q)) return findSavedSettings(q);
  const hit = cache.get(q);
  if (hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.saved;
  const saved = await findSavedSettings(q);
  cache.set(q, { at: Date.now(), saved });
  return saved;
}

/** One saved setting's text, or undefined when none is saved. */
export async function readSavedSetting(q: Queryable, key: string): Promise<string | undefined> {
  return (await savedSettings(q)).get(key);
}

/** Saves settings (key to text) and empties the cache. */
export async function saveSettings(
  q: Queryable,
  entries: ReadonlyArray<readonly [string, string]>,
): Promise<void> {
  forgetSavedSettings();
  await upsertSettings(q, entries);
  forgetSavedSettings();
}

/** A saved text as the setting's value, or undefined when it is not one (then the default applies). */
function parseSaved(def: SettingDef, text: string | undefined): Value | undefined {
  if (text === undefined) return undefined;
  if (!def.bounds) return isWebAddress(text) ? text : undefined;
  const n = Number(text);
  const [least, most] = def.bounds;
  return Number.isInteger(n) && n >= least && n <= most ? n : undefined;
}

function valuesOf(pick: (def: SettingDef) => Value): PlatformSettingValues {
  return Object.fromEntries(DEFS.map((def) => [def.key, pick(def)])) as PlatformSettingValues;
}

/** The defaults of the platform settings (the environment's). */
export const defaultPlatformSettings = (config: Config) => valuesOf((def) => def.fallback(config));

/** The platform settings as they apply now: each saved value, else its default. */
export async function readPlatformSettings(
  q: Queryable,
  config: Config,
): Promise<PlatformSettingValues> {
  const saved = await savedSettings(q);
  return valuesOf((def) => parseSaved(def, saved.get(def.key)) ?? def.fallback(config));
}

/** Saves platform settings by request field (a transaction's work). */
export async function savePlatformSettings(
  tx: Queryable,
  changes: Partial<Record<PlatformSettingField, Value>>,
): Promise<void> {
  const entries = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(
      ([field, value]) =>
        [PLATFORM_SETTINGS[field as PlatformSettingField].key, String(value)] as const,
    );
  await saveSettings(tx, entries);
}
