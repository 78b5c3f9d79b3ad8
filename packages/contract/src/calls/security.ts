import { z } from 'zod';
import { LANGUAGES, TIMEZONE_CHOICES } from '../accounts';
import { RULES } from '../access';
import { LAYOUT_SETTINGS } from '../layout-settings';
import {
  defineCall,
  emptyRequest,
  formFlag,
  formOptionalText,
  formText,
  passwordField,
} from './define';
import { profile } from './auth';

export const updateProfile = defineCall({
  name: 'updateProfile',
  request: z.object({
    name: formText(120),
    phone: formOptionalText(40),
    telegram_id: formOptionalText(64),
    lang: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
    timezone: z.enum(TIMEZONE_CHOICES, { error: `must be one of ${TIMEZONE_CHOICES.join(', ')}` }),
  }),
  response: profile,
  rule: RULES.anyUser,
});

export const layoutSettings = z.object({
  layout: z.enum(LAYOUT_SETTINGS.layout),
  width: z.enum(LAYOUT_SETTINGS.width),
  sidebar: z.enum(LAYOUT_SETTINGS.sidebar),
  topbar: z.enum(LAYOUT_SETTINGS.topbar),
});
export type LayoutSettings = z.infer<typeof layoutSettings>;

export const saveLayoutSettings = defineCall({
  name: 'saveLayoutSettings',
  request: layoutSettings,
  response: layoutSettings,
  rule: RULES.anyUser,
});

export const changePassword = defineCall({
  name: 'changePassword',
  request: z.object({ currentPassword: passwordField, newPassword: passwordField }),
  response: z.object({ revoked_sessions: z.number().int() }),
  rule: RULES.anyUser,
});

const otpCode = formText(40);

export const beginOtpSetup = defineCall({
  name: 'beginOtpSetup',
  request: emptyRequest,
  response: z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() }),
  rule: RULES.anyUser,
});

export const enableOtp = defineCall({
  name: 'enableOtp',
  request: z.object({ code: otpCode }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
  rule: RULES.anyUser,
});

export const disableOtp = defineCall({
  name: 'disableOtp',
  request: z.object({ code: otpCode }),
  response: z.object({}),
  rule: RULES.anyUser,
});

export const regenerateRecoveryCodes = defineCall({
  name: 'regenerateRecoveryCodes',
  request: z.object({ code: otpCode }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
  rule: RULES.anyUser,
});

export const loginIp = z.object({
  id: z.string(),
  ip: z.string(),
  label: z.string(),
  created_at: z.string(),
});

export const getLoginIps = defineCall({
  name: 'getLoginIps',
  request: emptyRequest,
  response: z.object({
    login_ip_enabled: z.union([z.literal(0), z.literal(1)]),
    current_ip: z.string(),
    ips: z.array(loginIp),
  }),
  rule: RULES.anyUser,
});

export const addLoginIp = defineCall({
  name: 'addLoginIp',
  request: z.object({
    ip: formText(64),
    label: formOptionalText(80),
  }),
  response: loginIp,
  rule: RULES.anyUser,
});

export const removeLoginIp = defineCall({
  name: 'removeLoginIp',
  request: z.object({ id: formText(64) }),
  response: z.object({}),
  rule: RULES.anyUser,
});

export const setLoginIpEnabled = defineCall({
  name: 'setLoginIpEnabled',
  request: z.object({ enabled: formFlag }),
  response: z.object({ login_ip_enabled: z.union([z.literal(0), z.literal(1)]) }),
  rule: RULES.anyUser,
});

export const sessionRow = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  client_ip: z.string(),
  user_agent: z.string(),
  is_current: z.boolean(),
});

export const getSessions = defineCall({
  name: 'getSessions',
  request: emptyRequest,
  response: z.object({ sessions: z.array(sessionRow) }),
  rule: RULES.anyUser,
});

export const revokeSession = defineCall({
  name: 'revokeSession',
  request: z.object({ id: formText(64) }),
  response: z.object({}),
  rule: RULES.anyUser,
});
