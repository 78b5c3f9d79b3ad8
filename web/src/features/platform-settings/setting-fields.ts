import {
  isWebAddress,
  MAX_SETTING_URL_LENGTH,
  PLATFORM_SETTING_BOUNDS,
  PLATFORM_SETTING_FIELDS,
  type PlatformSettingField,
  type PlatformSettingValues,
} from '@bo/contract';

/** A setting on the screen: its request field, its answer key, and how it is typed in. */
export interface SettingField {
  readonly field: PlatformSettingField;
  readonly key: keyof PlatformSettingValues;
  readonly kind: 'whole' | 'link';
  /** The stored value is this many times the one typed (the interval is typed in seconds). */
  readonly scale: number;
}

const whole = (
  field: keyof typeof PLATFORM_SETTING_BOUNDS,
  key: keyof PlatformSettingValues,
  scale = 1,
) => ({ field, key, kind: 'whole', scale }) as const;
const link = (field: PlatformSettingField, key: keyof PlatformSettingValues) =>
  ({ field, key, kind: 'link', scale: 1 }) as const;

/** The cards of the screen and the settings each holds. */
export const SETTING_GROUPS = {
  live: [
    whole('liveUpdateIntervalMs', 'live_update_interval_ms', 1000),
    whole('payinStuckMinutes', 'payin_stuck_minutes'),
  ],
  links: [
    link('announcementChannelUrl', 'announcement_channel_url'),
    link('marketingMaterialsUrl', 'marketing_materials_url'),
    link('skypeUrl', 'skype_url'),
  ],
  signIn: [
    whole('loginMaxFailuresPerAccount', 'login_max_failures_per_account'),
    whole('loginMaxFailuresPerAddress', 'login_max_failures_per_address'),
    whole('loginFailureWindowMinutes', 'login_failure_window_minutes'),
  ],
  /** Money rules beyond maker-checker's thresholds: a balance adjustment's third approver. */
  money: [whole('adjustmentThirdApproverFrom', 'adjustment_third_approver_from')],
} as const satisfies Record<string, readonly SettingField[]>;

/** A value as it is typed in (the interval in seconds). */
export const shownValue = (spec: SettingField, values: PlatformSettingValues): string => {
  const value = values[spec.key];
  return typeof value === 'number' ? String(value / spec.scale) : value;
};

/** The bounds of a whole-number setting as it is typed in. */
export function shownBounds(spec: SettingField): readonly [number, number] | null {
  if (spec.kind !== 'whole') return null;
  const [least, most] = PLATFORM_SETTING_BOUNDS[spec.field as keyof typeof PLATFORM_SETTING_BOUNDS];
  return [Math.ceil(least / spec.scale), Math.floor(most / spec.scale)];
}

export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'whole'; min: number; max: number }
  | { kind: 'link'; max: number };

/** What is wrong with a typed value (null when it may be sent); the server checks again. */
export function problemOf(spec: SettingField, typed: string): FieldProblem | null {
  const text = typed.trim();
  if (text === '') return { kind: 'required' };
  const bounds = shownBounds(spec);
  if (bounds) {
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    return Number.isInteger(n) && n >= bounds[0] && n <= bounds[1]
      ? null
      : { kind: 'whole', min: bounds[0], max: bounds[1] };
  }
  return isWebAddress(text) && text.length <= MAX_SETTING_URL_LENGTH
    ? null
    : { kind: 'link', max: MAX_SETTING_URL_LENGTH };
}

/** The value to send for a typed one (the interval back in milliseconds). */
export const sentValue = (spec: SettingField, typed: string): string =>
  spec.kind === 'whole' ? String(Number(typed.trim()) * spec.scale) : typed.trim();

/** The field a server refusal names ("payinStuckMinutes must be at least 1"), if any. */
export function fieldOfMessage(message: string): PlatformSettingField | null {
  const first = message.split(' ')[0] ?? '';
  return (PLATFORM_SETTING_FIELDS as readonly string[]).includes(first)
    ? (first as PlatformSettingField)
    : null;
}
