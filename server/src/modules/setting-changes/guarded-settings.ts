import {
  APPROVAL_TIER_KINDS,
  approvalBandsText,
  formatAmount,
  formatUsdtRate,
  GUARDED_SIGN_IN_LIMITS,
  parseUsdtRate,
  readAmount,
  readApprovalBands,
  type ApprovalTierKind,
  type GuardedSignInLimit,
  type SettingChangeKind,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { applyUsdtRate, lockUsdtRate } from '../administration/administration.service';
import {
  PLATFORM_SETTINGS,
  readPlatformSettings,
  savePlatformSettings,
} from '../app-settings/settings.service';
import {
  findApprovalBands,
  findApprovalExpiryHours,
  findTwoApproverThreshold,
  findUsdtRateBandPercent,
  saveApprovalBands,
  saveApprovalExpiryHours,
  saveTwoApproverThreshold,
  saveUsdtRateBandPercent,
} from '../approvals/approvals.service';
import type { GuardedSetting, SettingWrite, SettingWriter } from './guarded-setting';
import { ROUTING_PROFILE } from './routing-profile-setting';
import { ADMIN_ACTIVATE, ADMIN_INVITE, ADMIN_MODULES, TEAM_TWO_FACTOR_OFF } from './team-settings';

export type { GuardedSetting, SettingValue, SettingWrite, SettingWriter } from './guarded-setting';

/** Logs a change of an approval setting as `setApprovalSettings` always did. */
const logApprovalSetting =
  (field: string) => async (tx: Queryable, writer: SettingWriter, change: SettingWrite) => {
    await recordAdminLog(tx, writer.origin, {
      action: 'approval_settings.update',
      actor: writer.actor,
      targetType: 'approval_settings',
      targetId: change.target,
      before: { [field]: change.before.text },
      after: {
        [field]: change.newValue,
        reason: change.reason,
        requested_by: writer.requester.username,
      },
    });
  };

const USDT_RATE: GuardedSetting = {
  kind: 'usdt_rate',
  noun: (currency) => `the USDT rate of ${currency}`,
  current: async (tx, currency) => {
    const rate = await lockUsdtRate(tx, currency);
    return { text: rate === null ? null : formatUsdtRate(rate), scaled: rate };
  },
  scaled: (text) => {
    const read = parseUsdtRate(text);
    if (!read.ok) throw new Error(`a stored rate ${text} ${read.message}`);
    return read.rateE8;
  },
  write: (tx, writer, change) =>
    applyUsdtRate(
      tx,
      { origin: writer.origin, actor: writer.actor, changedBy: writer.requester },
      {
        currency: change.target,
        previous: change.before.scaled,
        rateE8: USDT_RATE.scaled(change.newValue, change.target),
        reason: change.reason,
        // Put in force by someone other than its asker: only an approval does that (the
        // approver is never the asker nor an account of theirs, `recordApproval`), so two
        // people agreed to it and the band is measured from it from now on. An in-band change
        // is written by its asker and keeps the reviewed rate it had.
        reviewed: writer.actor.accountId !== writer.requester.accountId,
      },
    ),
};

const APPROVAL_THRESHOLD: GuardedSetting = {
  kind: 'approval_threshold',
  noun: (currency) => `the two-approver threshold of ${currency}`,
  current: async (tx, currency) => {
    const minor = await findTwoApproverThreshold(tx, currency);
    return { text: formatAmount(minor, currency), scaled: minor };
  },
  scaled: (text, currency) => {
    const read = readAmount(text, currency);
    if (!read.ok) throw new Error(`a stored threshold ${text} ${read.message}`);
    return read.minor;
  },
  write: async (tx, writer, change) => {
    const minor = APPROVAL_THRESHOLD.scaled(change.newValue, change.target);
    await saveTwoApproverThreshold(tx, change.target, minor);
    await logApprovalSetting('threshold')(tx, writer, change);
  },
};

/** The target of a change of one kind's and currency's approval tiers ("payout:THB"), and back. */
export const approvalTiersTarget = (kind: ApprovalTierKind, currency: string) =>
  `${kind}:${currency}`;
function readTiersTarget(target: string): { kind: ApprovalTierKind; currency: string } {
  const [kind = '', currency = ''] = target.split(':');
  const known = APPROVAL_TIER_KINDS.find((k) => k === kind);
  if (!known) throw new Error(`a stored approval tiers target ${target} names no tier kind`);
  return { kind: known, currency };
}

/**
 * One kind's and currency's approval tiers (issue 42, target `<kind>:<currency>`): the bands as
 * `approvalBandsText` writes them (none in force: null; asked empty: removed, so the threshold
 * rules again), put in force whole and logged as the other approval settings are.
 */
const APPROVAL_TIERS: GuardedSetting = {
  kind: 'approval_tiers',
  noun: (target) => `the approval tiers of ${target.replace(':', ' in ')}`,
  current: async (tx, target) => {
    const { kind, currency } = readTiersTarget(target);
    const bands = await findApprovalBands(tx, kind, currency);
    return { text: bands.length ? approvalBandsText(bands, currency) : null, scaled: null };
  },
  scaled: () => 0n,
  write: async (tx, writer, change) => {
    const { kind, currency } = readTiersTarget(change.target);
    const read = readApprovalBands(change.newValue, currency);
    if (!read.ok) throw new Error(`stored approval tiers ${change.newValue} ${read.message}`);
    await saveApprovalBands(tx, kind, currency, read.bands);
    await logApprovalSetting('approval_tiers')(tx, writer, change);
  },
};

/** A whole-number setting of the settings store (hours, percent), logged by its field. */
const wholeSetting = (spec: {
  kind: SettingChangeKind;
  noun: string;
  field: string;
  read: (tx: Queryable) => Promise<number>;
  save: (tx: Queryable, value: number) => Promise<void>;
}): GuardedSetting => ({
  kind: spec.kind,
  noun: () => spec.noun,
  current: async (tx) => {
    const value = await spec.read(tx);
    return { text: String(value), scaled: BigInt(value) };
  },
  scaled: (text) => BigInt(text),
  write: async (tx, writer, change) => {
    await spec.save(tx, Number(change.newValue));
    await logApprovalSetting(spec.field)(tx, writer, change);
  },
});

const APPROVAL_EXPIRY = wholeSetting({
  kind: 'approval_expiry',
  noun: 'the request expiry',
  field: 'expiry_hours',
  read: findApprovalExpiryHours,
  save: saveApprovalExpiryHours,
});

const USDT_RATE_BAND = wholeSetting({
  kind: 'usdt_rate_band',
  noun: 'the USDT rate band',
  field: 'usdt_rate_band_percent',
  read: findUsdtRateBandPercent,
  save: saveUsdtRateBandPercent,
});

/**
 * A sign-in limit of the general settings (guarded when loosened, issue 39): read as it applies
 * (saved, else the environment's default), written as `setPlatformSettings` writes it, with its
 * `platform_settings.update` log entry naming who asked. The reader's cache is emptied by the
 * approving call once its transaction has committed.
 */
const signInLimit = (field: GuardedSignInLimit, noun: string): GuardedSetting => {
  const key = PLATFORM_SETTINGS[field].key;
  return {
    kind: GUARDED_SIGN_IN_LIMITS[field].kind,
    noun: () => noun,
    current: async (tx, _target, config) => {
      const value = (await readPlatformSettings(tx, config))[key];
      return { text: String(value), scaled: BigInt(value) };
    },
    scaled: (text) => BigInt(text),
    write: async (tx, writer, change) => {
      await savePlatformSettings(tx, { [field]: Number(change.newValue) });
      await recordAdminLog(tx, writer.origin, {
        action: 'platform_settings.update',
        actor: writer.actor,
        targetType: 'platform_settings',
        targetId: key,
        before: { [key]: Number(change.before.text) },
        after: {
          [key]: Number(change.newValue),
          reason: change.reason,
          requested_by: writer.requester.username,
        },
      });
    },
  };
};

/** Every guarded setting by its kind. */
export const GUARDED_SETTINGS: Readonly<Record<SettingChangeKind, GuardedSetting>> = {
  usdt_rate: USDT_RATE,
  approval_threshold: APPROVAL_THRESHOLD,
  approval_expiry: APPROVAL_EXPIRY,
  usdt_rate_band: USDT_RATE_BAND,
  login_max_failures_per_account: signInLimit(
    'loginMaxFailuresPerAccount',
    'the failed sign-ins allowed per account',
  ),
  login_max_failures_per_address: signInLimit(
    'loginMaxFailuresPerAddress',
    'the failed sign-ins allowed per address',
  ),
  login_failure_window_minutes: signInLimit(
    'loginFailureWindowMinutes',
    'the window failed sign-ins are counted over',
  ),
  admin_invite: ADMIN_INVITE,
  admin_modules: ADMIN_MODULES,
  admin_activate: ADMIN_ACTIVATE,
  team_two_factor_off: TEAM_TWO_FACTOR_OFF,
  approval_tiers: APPROVAL_TIERS,
  routing_profile: ROUTING_PROFILE,
};
