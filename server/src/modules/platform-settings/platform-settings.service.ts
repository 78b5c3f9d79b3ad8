import {
  GUARDED_SIGN_IN_LIMITS,
  isGuardedSignInLimit,
  isLooseningSignInLimit,
  type GuardedSignInLimit,
  type PlatformSettingField,
  type PlatformSettings,
  type PlatformSettingValues,
  type SettingChangeRow,
} from '@bo/contract';
import type { Config } from '../../config/config';
import { badField } from '../../core/app-error';
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
import {
  askSettingChange,
  listPendingSettingChanges,
} from '../setting-changes/setting-changes.service';

export type PlatformSettingChanges = Partial<Record<PlatformSettingField, number | string>>;

const SIGN_IN_LIMIT_KINDS: ReadonlySet<string> = new Set(
  Object.values(GUARDED_SIGN_IN_LIMITS).map((g) => g.kind),
);

/**
 * The general settings as the calls answer them: what applies, the defaults, the demo toggle,
 * and the loosened sign-in limits waiting for a second admin.
 */
export async function readGeneralSettings(q: Queryable, config: Config): Promise<PlatformSettings> {
  const [settings, demo, pending] = await Promise.all([
    readPlatformSettings(q, config),
    isDemoDataIncluded(q),
    listPendingSettingChanges(q),
  ]);
  return {
    settings,
    defaults: defaultPlatformSettings(config),
    is_included_demo_data: demo ? 1 : 0,
    pending_changes: pending.filter((c) => SIGN_IN_LIMIT_KINDS.has(c.kind)),
  };
}

/** Only the settings this change names, for the admin log. */
function touched(values: PlatformSettingValues, fields: readonly PlatformSettingField[]) {
  return Object.fromEntries(
    fields.map((f) => [PLATFORM_SETTINGS[f].key, values[PLATFORM_SETTINGS[f].key]]),
  );
}

/** The sign-in limits `changes` loosens from the values in force: they wait, the rest applies. */
function looseningsOf(changes: PlatformSettingChanges, before: PlatformSettingValues) {
  return (Object.keys(changes) as PlatformSettingField[])
    .filter(isGuardedSignInLimit)
    .filter((field) => {
      const after = changes[field];
      const now = before[PLATFORM_SETTINGS[field].key];
      return typeof after === 'number' && isLooseningSignInLimit(field, Number(now), after);
    });
}

/**
 * Asks a second admin for each sign-in limit loosened (a guarded setting change, with the
 * reason they read): nothing of it applies until one approves.
 */
async function askLoosenings(
  tx: Queryable,
  ctx: UserCallContext,
  loosened: readonly GuardedSignInLimit[],
  changes: { sent: PlatformSettingChanges; before: PlatformSettingValues },
  reason: string | undefined,
): Promise<SettingChangeRow[]> {
  if (loosened.length && !reason)
    throw badField({
      field: 'reason',
      rule: 'is required: loosening a sign-in limit waits for a second admin, who reads it',
      kind: 'required',
    });
  const asked: SettingChangeRow[] = [];
  for (const field of loosened) {
    const now = changes.before[PLATFORM_SETTINGS[field].key];
    asked.push(
      await askSettingChange(tx, ctx, {
        kind: GUARDED_SIGN_IN_LIMITS[field].kind,
        target: '',
        before: { text: String(now), scaled: BigInt(now) },
        newValue: String(changes.sent[field]),
        reason: reason ?? '',
      }),
    );
  }
  return asked;
}

/**
 * Saves the settings sent, in one transaction with one admin-log entry
 * (`platform_settings.update`) holding the values of those settings before and after; the
 * settings cache is emptied once the change has committed, so every reader sees it next. A
 * sign-in limit loosened is not saved: it is asked for as a guarded change (issue 39), which
 * the answer's `pending_changes` lists.
 */
export async function changePlatformSettings(
  ctx: UserCallContext,
  input: PlatformSettingChanges & { reason?: string },
): Promise<PlatformSettings> {
  const { reason, ...sent } = input;
  const answer = await ctx.db.transaction(async (tx) => {
    const before = await readPlatformSettings(tx, ctx.config);
    const loosened = looseningsOf(sent, before);
    await askLoosenings(tx, ctx, loosened, { sent, before }, reason);
    const changes = Object.fromEntries(
      Object.entries(sent).filter(
        ([f, v]) => v !== undefined && !loosened.includes(f as GuardedSignInLimit),
      ),
    ) as PlatformSettingChanges;
    const fields = Object.keys(changes) as PlatformSettingField[];
    if (!fields.length) return readGeneralSettings(tx, ctx.config);
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
