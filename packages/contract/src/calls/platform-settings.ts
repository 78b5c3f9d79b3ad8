import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest, formInt, formText } from './define';
import { settingChangeRow, type SettingChangeKind } from './setting-changes';

/**
 * General settings (/general-settings, issue 13): the platform settings the rest of the
 * product reads. Each has a default (the server's environment) that a saved value overrides.
 * The maker-checker thresholds and the pending-request expiry are changed through
 * `setApprovalSettings`, the demo-data toggle through `onOffDemoData`; these calls hold the rest.
 */

/** The bounds of each whole-number setting: [least, most]. */
export const PLATFORM_SETTING_BOUNDS = {
  /** Milliseconds between live updates of the dashboard and the queues (1 s … 1 h). */
  liveUpdateIntervalMs: [1_000, 3_600_000],
  /** Minutes after which a pay-in not yet final is stuck (1 min … 1 week). */
  payinStuckMinutes: [1, 10_080],
  /** Failed sign-ins of one account within the window before sign-in is refused. */
  loginMaxFailuresPerAccount: [1, 1_000],
  /** Failed sign-ins from one address within the window before sign-in is refused. */
  loginMaxFailuresPerAddress: [1, 10_000],
  /** Minutes the failed sign-ins are counted over (1 min … 1 day). */
  loginFailureWindowMinutes: [1, 1_440],
  /** 1: a refund gives the pay-in's fee back pro rata; 0 (default, as Stripe): the fee is kept. */
  refundReturnsPayinFee: [0, 1],
  /**
   * A balance adjustment debiting at least this many whole units of its currency needs a third
   * approver (0, the default: never).
   */
  adjustmentThirdApproverFrom: [0, 1_000_000_000],
} as const satisfies Record<string, readonly [number, number]>;

/**
 * The sign-in limits are guarded one way (issue 39): loosening one (more failures allowed, or
 * a shorter window, so failures are forgotten sooner) waits for a second admin as a guarded
 * setting change of `kind`; tightening applies at once. `loosens` names the direction that
 * loosens. One admin alone could otherwise open every account to password and code guessing.
 */
export const GUARDED_SIGN_IN_LIMITS = {
  loginMaxFailuresPerAccount: { kind: 'login_max_failures_per_account', loosens: 'up' },
  loginMaxFailuresPerAddress: { kind: 'login_max_failures_per_address', loosens: 'up' },
  loginFailureWindowMinutes: { kind: 'login_failure_window_minutes', loosens: 'down' },
} as const satisfies Record<string, { kind: SettingChangeKind; loosens: 'up' | 'down' }>;
export type GuardedSignInLimit = keyof typeof GUARDED_SIGN_IN_LIMITS;

/** Whether a setting field is a sign-in limit guarded when loosened. */
export const isGuardedSignInLimit = (field: string): field is GuardedSignInLimit =>
  Object.hasOwn(GUARDED_SIGN_IN_LIMITS, field);

/** Whether changing the sign-in limit `field` from `before` to `after` loosens it (then it waits). */
export function isLooseningSignInLimit(
  field: GuardedSignInLimit,
  before: number,
  after: number,
): boolean {
  return GUARDED_SIGN_IN_LIMITS[field].loosens === 'up' ? after > before : after < before;
}

/** The longest external link accepted. */
export const MAX_SETTING_URL_LENGTH = 500;

/** An absolute http(s) address: the scheme, a host, then anything but spaces. */
export function isWebAddress(text: string): boolean {
  return /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(text);
}

/** The settings as they apply now (or as their defaults are), named as getAppSettings names them. */
export const platformSettingValues = z.object({
  live_update_interval_ms: z.number().int(),
  payin_stuck_minutes: z.number().int(),
  announcement_channel_url: z.string(),
  marketing_materials_url: z.string(),
  /** The chat link (/skype). */
  skype_url: z.string(),
  login_max_failures_per_account: z.number().int(),
  login_max_failures_per_address: z.number().int(),
  login_failure_window_minutes: z.number().int(),
  refund_returns_payin_fee: z.number().int(),
  adjustment_third_approver_from: z.number().int(),
});
export type PlatformSettingValues = z.infer<typeof platformSettingValues>;

const platformSettings = z.object({
  /** What applies now: a saved value, else the default. */
  settings: platformSettingValues,
  /** The server's defaults, which apply where nothing is saved. */
  defaults: platformSettingValues,
  /** Whether the dashboard's figures include the demo accounts (`onOffDemoData`). */
  is_included_demo_data: z.union([z.literal(0), z.literal(1)]),
  /** The sign-in limits loosened and waiting for a second admin (`GUARDED_SIGN_IN_LIMITS`). */
  pending_changes: z.array(settingChangeRow),
});
export type PlatformSettings = z.infer<typeof platformSettings>;

/** The general settings, for admins with the administrator module. */
export const getPlatformSettings = defineCall({
  name: 'getPlatformSettings',
  request: emptyRequest,
  response: platformSettings,
  rule: RULES.administrator,
});

/** An optional field: missing or empty text counts as not sent. */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), field.optional());

const boundedInt = (name: keyof typeof PLATFORM_SETTING_BOUNDS) => {
  const [least, most] = PLATFORM_SETTING_BOUNDS[name];
  return optional(formInt(least, most));
};

const webAddress = optional(
  formText(MAX_SETTING_URL_LENGTH).refine(isWebAddress, {
    message: 'must be an http or https address',
  }),
);

const SETTING_FIELDS = {
  liveUpdateIntervalMs: boundedInt('liveUpdateIntervalMs'),
  payinStuckMinutes: boundedInt('payinStuckMinutes'),
  announcementChannelUrl: webAddress,
  marketingMaterialsUrl: webAddress,
  skypeUrl: webAddress,
  loginMaxFailuresPerAccount: boundedInt('loginMaxFailuresPerAccount'),
  loginMaxFailuresPerAddress: boundedInt('loginMaxFailuresPerAddress'),
  loginFailureWindowMinutes: boundedInt('loginFailureWindowMinutes'),
  refundReturnsPayinFee: boundedInt('refundReturnsPayinFee'),
  adjustmentThirdApproverFrom: boundedInt('adjustmentThirdApproverFrom'),
};
export type PlatformSettingField = keyof typeof SETTING_FIELDS;
export const PLATFORM_SETTING_FIELDS = Object.keys(SETTING_FIELDS) as PlatformSettingField[];

/**
 * Saves the settings sent (any of them; at least one), each checked first; a bad one refuses
 * the whole change naming its field. Written to the admin log with the values before and after.
 * A sign-in limit loosened is not saved but asked for as a guarded change that waits for a
 * second admin (`pending_changes`), with the `reason` they read (required then). Answers the
 * settings as they now are.
 */
export const setPlatformSettings = defineCall({
  name: 'setPlatformSettings',
  request: z
    .object({ ...SETTING_FIELDS, reason: optional(formText(300)) })
    .superRefine((v, ctx) => {
      if (PLATFORM_SETTING_FIELDS.every((field) => v[field] === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [PLATFORM_SETTING_FIELDS[0]!],
          message: 'or another setting is required',
        });
    }),
  response: platformSettings,
  rule: RULES.administrator,
});
