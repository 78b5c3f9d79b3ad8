import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest } from './define';
import { instantText } from './list';
import { decisionCall, rejectionCall } from './money-fields';

/**
 * Guarded settings (issue 25): a change that moves everyone's money waits for a second admin
 * through the same maker-checker as money-out (docs/security.md, Guarded settings). A USDT rate
 * change within the band of the reviewed rate applies at once; one beyond it, and every change
 * of an approval threshold, of the request expiry or of the band itself, waits. A sign-in limit
 * (issue 39) waits only when it is loosened (`isLooseningSignInLimit`, platform-settings.ts).
 * A new admin with the administrator module (`admin_invite`, target its email) and the
 * administrator module given to an admin who lacks it (`admin_modules`, target its account code)
 * wait too (issue 40, team.ts): one admin alone could otherwise make a second one to approve
 * their own requests. So do activating a deactivated admin again (`admin_activate`, target its
 * account code) and no longer requiring 2FA of the team (`team_two_factor_off`, no target).
 * Every change of a kind's and currency's approval tiers (`approval_tiers`, target
 * `<kind>:<currency>`, issue 42) waits as the threshold's does, and so does every change of a
 * routing profile (`routing_profile`, target `<direction>:<currency>:<scope>[:<account code>]`,
 * issue 43).
 */
export const SETTING_CHANGE_KINDS = [
  'usdt_rate',
  'approval_threshold',
  'approval_expiry',
  'usdt_rate_band',
  'login_max_failures_per_account',
  'login_max_failures_per_address',
  'login_failure_window_minutes',
  'admin_invite',
  'admin_modules',
  'admin_activate',
  'team_two_factor_off',
  'approval_tiers',
  'routing_profile',
] as const;
export type SettingChangeKind = (typeof SETTING_CHANGE_KINDS)[number];

/**
 * The band (± percent of the reviewed rate, the last one a second admin approved) within which
 * a USDT rate change applies at once.
 */
export const DEFAULT_USDT_RATE_BAND_PERCENT = 10;
/** The band's bounds, whole percent. */
export const USDT_RATE_BAND_BOUNDS = [1, 100] as const;

/**
 * The change from `before` to `after` in percent of `before`, signed, 2 decimals, rounded half
 * away from zero ("-90.16", "+5.00"); null when `before` is none or zero. Exact (bigint).
 */
export function percentChange(before: bigint | null, after: bigint): string | null {
  if (before === null || before === 0n) return null;
  const diff = after - before;
  const sign = diff < 0n ? '-' : '+';
  const size = diff < 0n ? -diff : diff;
  const scaled = (size * 10_000n * 2n + before) / (before * 2n);
  const text = scaled.toString().padStart(3, '0');
  return `${sign}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Whether `after` lies within ±`bandPercent`% of `before` (a first value never does). */
export function isWithinBand(before: bigint | null, after: bigint, bandPercent: number): boolean {
  if (before === null || before <= 0n) return false;
  const diff = after > before ? after - before : before - after;
  return diff * 100n <= BigInt(bandPercent) * before;
}

/** A change of a guarded setting as asked, waiting or decided. */
export const settingChangeRow = z.object({
  id: z.string(),
  kind: z.enum(SETTING_CHANGE_KINDS),
  /** The currency of a rate or threshold; empty for the expiry and the band. */
  target: z.string(),
  /** The value in force when asked (null: none yet), as the setting's own call shows it. */
  old_value: z.string().nullable(),
  new_value: z.string(),
  /** `percentChange(old, new)`; null without an old value. */
  change_percent: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requested_by: z.string(),
  created_at: instantText,
  /** When the expiry sweep rejects it if no second admin decided. */
  expires_at: instantText,
  approvals: z.number().int(),
  approvals_required: z.number().int(),
});
export type SettingChangeRow = z.infer<typeof settingChangeRow>;

/** Every guarded change waiting for a second admin, oldest first (at most one per setting). */
export const getPendingSettingChanges = defineCall({
  name: 'getPendingSettingChanges',
  request: emptyRequest,
  response: z.object({ rows: z.array(settingChangeRow) }),
  rule: RULES.administrator,
});

/** A second admin (not the one who asked, nor an account of theirs) applies a waiting change. */
export const approveSettingChange = decisionCall('approveSettingChange', RULES.administrator);

/** An admin rejects a waiting change with a reason code and note: the old value stays. */
export const rejectSettingChange = rejectionCall('rejectSettingChange', RULES.administrator);
