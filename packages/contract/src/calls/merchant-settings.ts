import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest, formOptionalText, formText } from './define';
import { instantText, listPageOf, listRequest, optionalInstantText, sortField } from './list';
import { formId } from './money-fields';

/**
 * Merchant settings (/merchant-settings, issue 11): the merchant's API keys, its default
 * notify URL, the secret its notifications are signed with, and the log of every delivery
 * attempt. A sub-account with the technical module acts for its parent merchant.
 */

/** How many live API keys a merchant may have at once. */
export const MAX_MERCHANT_API_KEYS = 20;

/** How long a rolled key keeps working beside the key that replaces it. */
export const API_KEY_ROLL_WINDOWS = ['1h', '24h', '7d'] as const;
export type ApiKeyRollWindow = (typeof API_KEY_ROLL_WINDOWS)[number];
export const API_KEY_ROLL_WINDOW_SECONDS: Readonly<Record<ApiKeyRollWindow, number>> = {
  '1h': 3_600,
  '24h': 86_400,
  '7d': 604_800,
};

/** An API key's state: usable, usable until its roll window ends, or refused. */
export const API_KEY_STATES = ['active', 'expiring', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** What a merchant notification reports: `<pay-in or pay-out>.<final status>`. */
export const NOTIFICATION_EVENTS = [
  'payin.success',
  'payin.failed',
  'payin.expired',
  'payout.success',
  'payout.failed',
  'payout.rejected',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** A delivery attempt's outcome: success (a 2xx answer), or failed (anything else, no answer included). */
export const NOTIFICATION_ATTEMPT_STATUSES = ['success', 'failed'] as const;
export type NotificationAttemptStatus = (typeof NOTIFICATION_ATTEMPT_STATUSES)[number];

/** How many notifications one resend may queue again. */
export const MAX_RESEND_NOTIFICATIONS = 100;

/** An optional choice from a closed list; empty text counts as missing. */
const optionalChoice = <const T extends readonly string[]>(values: T) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional(),
  );

/** An API key as listed: never its secret (shown once, when it is made). */
export const merchantApiKeyRow = z.object({
  key_id: z.string(),
  name: z.string(),
  state: z.enum(API_KEY_STATES),
  created_at: instantText,
  last_used_at: optionalInstantText,
  /** When a rolled key stops working; null when no end is set. */
  expires_at: optionalInstantText,
  revoked_at: optionalInstantText,
  /** The key that replaced this one in a roll. */
  replaced_by: z.string().nullable(),
});
export type MerchantApiKeyRow = z.infer<typeof merchantApiKeyRow>;

/** A key just made: its row and its secret, which is never shown again. */
const newApiKey = z.object({ key: merchantApiKeyRow, secret: z.string() });

/** The merchant's API keys, newest first (live ones and those refused for under 30 days). */
export const getMerchantApiKeys = defineCall({
  name: 'getMerchantApiKeys',
  request: emptyRequest,
  response: z.object({ keys: z.array(merchantApiKeyRow), max_keys: z.number().int() }),
  rule: RULES.technicalMerchant,
});

/** Makes a named API key; the answer carries its secret, the one time it is shown. */
export const createMerchantApiKey = defineCall({
  name: 'createMerchantApiKey',
  request: z.object({ name: formText(60) }),
  response: newApiKey,
  rule: RULES.technicalMerchant,
});

/** Revokes a key: a request signed with it is refused at once. */
export const revokeMerchantApiKey = defineCall({
  name: 'revokeMerchantApiKey',
  request: z.object({ keyId: formText(80) }),
  response: merchantApiKeyRow,
  rule: RULES.technicalMerchant,
});

/**
 * Rolls a key: a new key (same name) replaces it, and the old one keeps working for the
 * chosen window, then is refused. The answer carries the new key's secret, shown once.
 */
export const rollMerchantApiKey = defineCall({
  name: 'rollMerchantApiKey',
  request: z.object({
    keyId: formText(80),
    window: z.enum(API_KEY_ROLL_WINDOWS, {
      error: `must be one of ${API_KEY_ROLL_WINDOWS.join(', ')}`,
    }),
  }),
  response: newApiKey.extend({ old_key: merchantApiKeyRow }),
  rule: RULES.technicalMerchant,
});

/** How the merchant's notifications are signed now. */
export const NOTIFICATION_SIGNERS = ['callback_secret', 'api_key', 'none'] as const;

/** The merchant's notification settings: default URL and signing. */
export const merchantNotifySettings = z.object({
  /** Where results go when a pay-in or pay-out names no notify URL ('' when none). */
  notify_url: z.string(),
  /** Whether the URL must be https on a public address (outside the sandbox/demo). */
  strict_urls: z.boolean(),
  /** What signs notifications: the dedicated callback secret, else the oldest live API key. */
  signed_with: z.enum(NOTIFICATION_SIGNERS),
  /** The id sent in `X-Api-Key` with each notification. */
  signing_key_id: z.string().nullable(),
  callback_secret_created_at: optionalInstantText,
  updated_at: optionalInstantText,
});

export const getMerchantNotifySettings = defineCall({
  name: 'getMerchantNotifySettings',
  request: emptyRequest,
  response: merchantNotifySettings,
  rule: RULES.technicalMerchant,
});

/**
 * Sets (or clears, with an empty URL) the default notify URL. Outside the sandbox/demo it must
 * be https, and its host must not be or resolve to a loopback, private, link-local or
 * metadata address.
 */
export const setMerchantNotifyUrl = defineCall({
  name: 'setMerchantNotifyUrl',
  request: z.object({ notifyUrl: formOptionalText(500) }),
  response: merchantNotifySettings,
  rule: RULES.technicalMerchant,
});

/**
 * Sends a signed sample notification to the saved notify URL (or `notifyUrl` when given,
 * checked like a saved one) and tells what came back: no redirects followed, time-limited,
 * the body read up to a cap.
 */
export const sendMerchantTestNotification = defineCall({
  name: 'sendMerchantTestNotification',
  request: z.object({ notifyUrl: formOptionalText(500) }),
  response: z.object({
    url: z.string(),
    http_status: z.number().int().nullable(),
    latency_ms: z.number().int(),
    body_excerpt: z.string(),
    error: z.string(),
    signing_key_id: z.string().nullable(),
  }),
  rule: RULES.technicalMerchant,
});

/**
 * Makes or replaces the merchant's callback signing secret (notifications are signed with it
 * from then on); the answer carries the secret, shown once.
 */
export const rotateMerchantCallbackSecret = defineCall({
  name: 'rotateMerchantCallbackSecret',
  request: emptyRequest,
  response: z.object({ secret_id: z.string(), secret: z.string(), created_at: instantText }),
  rule: RULES.technicalMerchant,
});

/** One delivery attempt of a merchant notification. */
export const notificationAttemptRow = z.object({
  id: z.string(),
  notification_id: z.string(),
  attempt: z.number().int(),
  created_at: instantText,
  event: z.string(),
  ref_type: z.string(),
  ref_id: z.string(),
  order_id: z.string(),
  url: z.string(),
  status: z.enum(NOTIFICATION_ATTEMPT_STATUSES),
  http_status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  response_excerpt: z.string(),
  error: z.string(),
  /** The notification's own state: still retried, delivered, or given up. */
  notification_status: z.string(),
});
export type NotificationAttemptRow = z.infer<typeof notificationAttemptRow>;

/** The list fields the log takes: no money filters (currency, gateway, amounts, owners). */
const {
  currency: _currency,
  gatewayCode: _gatewayCode,
  amountMin: _amountMin,
  amountMax: _amountMax,
  merchantDbCode: _merchantDbCode,
  resellerDbCode: _resellerDbCode,
  ...logListRequest
} = listRequest;

/**
 * The notification log: every delivery attempt, newest first. The search box finds the
 * attempts about a transaction (its id or the merchant's order id).
 */
export const getMerchantNotificationLog = defineCall({
  name: 'getMerchantNotificationLog',
  request: z.object({
    ...logListRequest,
    status: optionalChoice(NOTIFICATION_ATTEMPT_STATUSES),
    event: optionalChoice(NOTIFICATION_EVENTS),
    sort: sortField(['created_at'] as const),
  }),
  response: listPageOf(notificationAttemptRow),
  rule: RULES.technicalMerchant,
});

/** Queues notifications again (new notifications with the same URL and payload). */
export const resendMerchantNotifications = defineCall({
  name: 'resendMerchantNotifications',
  request: z.object({
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z
        .array(formId, { error: 'must be a list of ids' })
        .min(1, 'is required')
        .max(MAX_RESEND_NOTIFICATIONS, `must name at most ${MAX_RESEND_NOTIFICATIONS}`),
    ),
  }),
  response: z.object({ queued: z.number().int(), queued_at: instantText }),
  rule: RULES.technicalMerchant,
});
