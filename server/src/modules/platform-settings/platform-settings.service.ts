import type { PlatformSettingField, PlatformSettings, PlatformSettingValues } from '@bo/contract';
import type { Config } from '../../config/config';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  defaultPlatformSettings,
  forgetSavedSettings,
  PLATFORM_SETTINGS,
  readPlatformSettings,
  savePlatformSettings,
} from '../app-settings/settings.service';
import { isDemoDataIncluded } from '../dashboard/dashboard-scope';

export type PlatformSettingChanges = Partial<Record<PlatformSettingField, number | string>>;

/** The general settings as the calls answer them: what applies, the defaults, the demo toggle. */
export async function readGeneralSettings(q: Queryable, config: Config): Promise<PlatformSettings> {
  const [settings, demo] = await Promise.all([
    readPlatformSettings(q, config),
    isDemoDataIncluded(q),
  ]);
  return {
    settings,
    defaults: defaultPlatformSettings(config),
    is_included_demo_data: demo ? 1 : 0,
  };
}

/** Only the settings this change names, for the admin log. */
function touched(values: PlatformSettingValues, fields: readonly PlatformSettingField[]) {
  return Object.fromEntries(
    fields.map((f) => [PLATFORM_SETTINGS[f].key, values[PLATFORM_SETTINGS[f].key]]),
  );
}

/**
 * Saves the settings sent, in one transaction with one admin-log entry
 * (`platform_settings.update`) holding the values of those settings before and after; the
 * settings cache is emptied once the change has committed, so every reader sees it next.
 */
export async function changePlatformSettings(
  ctx: UserCallContext,
  changes: PlatformSettingChanges,
): Promise<PlatformSettings> {
  const fields = (Object.keys(changes) as PlatformSettingField[]).filter(
    (f) => changes[f] !== undefined,
  );
  const answer = await ctx.db.transaction(async (tx) => {
    const before = await readPlatformSettings(tx, ctx.config);
    await savePlatformSettings(tx, changes);
    const after = await readGeneralSettings(tx, ctx.config);
    await recordAdminLog(tx, ctx, {
      action: 'platform_settings.update',
      actor: ctx.actor,
      targetType: 'platform_settings',
      targetId: fields.map((f) => PLATFORM_SETTINGS[f].key).join(','),
      before: touched(before, fields),
      after: touched(after.settings, fields),
    });
    return after;
  });
  forgetSavedSettings();
  return answer;
}
