import { randomUUID } from 'node:crypto';
import { badInput, notFound } from '../../core/app-error';
import type { Queryable } from '../../db/db';
import {
  findMerchantNotifications,
  findNotificationSigner,
  findNotifySettings,
  lockNotifySettings,
  notificationHeaders,
  postNotification,
  requeueNotifications,
  updateCallbackSecret,
  updateNotifyUrl,
} from '../merchant-notifications/merchant-notifications.service';
import { checkNotifyUrl } from '../merchant-notifications/notify-url-check';
import {
  strictNotifyUrls,
  type NotifyUrlSettings,
} from '../merchant-notifications/notify-url-rules';
import { isoOrNull } from '../scoped-lists/scope';
import { newToken } from './api-keys.service';
import { changeMerchantSettings, type SettingsContext } from './settings-change';

const NOTIFY_SETTINGS = 'merchant_notify_settings';

/** The merchant's notification settings as the calls answer them. */
export async function readNotifySettings(
  db: Queryable,
  config: NotifyUrlSettings,
  merchantId: string,
) {
  const [settings, signer] = await Promise.all([
    findNotifySettings(db, merchantId),
    findNotificationSigner(db, merchantId),
  ]);
  return {
    notify_url: settings?.notify_url ?? '',
    strict_urls: strictNotifyUrls(config),
    signed_with: signer?.kind ?? ('none' as const),
    signing_key_id: signer?.keyId ?? null,
    callback_secret_created_at: isoOrNull(settings?.callback_secret_created_at ?? null),
    updated_at: isoOrNull(settings?.updated_at ?? null),
  };
}

/**
 * Sets or clears the default notify URL, checked first (outside the demo: https, and no host
 * that is or resolves to an address `notify-url-rules.ts` refuses: loopback, this server's own,
 * private, link-local, metadata, reserved).
 */
export async function saveNotifyUrl(ctx: SettingsContext, raw: string | undefined) {
  const url = raw ? (await checkNotifyUrl(raw, { strict: strictNotifyUrls(ctx.config) })).href : '';
  await changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    await lockNotifySettings(tx, merchantId);
    const before = await findNotifySettings(tx, merchantId);
    await updateNotifyUrl(tx, merchantId, url, at);
    return {
      answer: undefined,
      log: {
        action: `${NOTIFY_SETTINGS}.notify_url`,
        targetType: NOTIFY_SETTINGS,
        targetId: merchantId,
        before: { notify_url: before?.notify_url ?? '' },
        after: { notify_url: url },
      },
    };
  });
  return readNotifySettings(ctx.db, ctx.config, ctx.actor.scopeAccountId);
}

/** Makes or replaces the callback secret; the answer carries it, the one time it is shown. */
export function rotateCallbackSecret(ctx: SettingsContext) {
  return changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    await lockNotifySettings(tx, merchantId);
    const before = await findNotifySettings(tx, merchantId);
    const secret = { id: newToken('whk', 9), secret: newToken('whsec', 32) };
    await updateCallbackSecret(tx, merchantId, secret, at);
    return {
      answer: { secret_id: secret.id, secret: secret.secret, created_at: at.toISOString() },
      log: {
        action: `${NOTIFY_SETTINGS}.rotate_callback_secret`,
        targetType: NOTIFY_SETTINGS,
        targetId: merchantId,
        before: { callback_secret_id: before?.callback_secret_id ?? null },
        after: { callback_secret_id: secret.id },
      },
    };
  });
}

/** How long a test notification may take. */
const TEST_TIMEOUT_MS = 5_000;

/**
 * Sends a signed sample notification (signed as real ones are) to `raw` or the saved notify
 * URL, checked again at sending, and tells what came back. Written to the admin log.
 */
export async function sendTestNotification(ctx: SettingsContext, raw: string | undefined) {
  const merchantId = ctx.actor.scopeAccountId;
  const saved = (await findNotifySettings(ctx.db, merchantId))?.notify_url ?? '';
  const target = raw ?? saved;
  if (!target) throw badInput('notifyUrl is required: save a notify URL or give one to test');
  const strict = strictNotifyUrls(ctx.config);
  const url = await checkNotifyUrl(target, { strict });
  const signer = await findNotificationSigner(ctx.db, merchantId);
  const body = JSON.stringify({
    type: 'test',
    id: randomUUID(),
    order_id: 'test-notification',
    status: 'test',
    amount: '0.00',
    currency: 'THB',
  });
  // Sent as deliveries are: the address is checked again as the socket resolves it, and a
  // failure's own words go to the server log, never to the merchant (a port scanner else).
  const outcome = await postNotification(url, body, notificationHeaders(signer, url, body), {
    strict,
    timeoutMs: TEST_TIMEOUT_MS,
    log: ctx.log,
  });
  await changeMerchantSettings(ctx, async () => ({
    answer: undefined,
    log: {
      action: `${NOTIFY_SETTINGS}.test_notification`,
      targetType: NOTIFY_SETTINGS,
      targetId: merchantId,
      after: { url: url.href, http_status: outcome.httpStatus, latency_ms: outcome.latencyMs },
    },
  }));
  return {
    url: url.href,
    http_status: outcome.httpStatus,
    latency_ms: outcome.latencyMs,
    body_excerpt: outcome.excerpt,
    error: outcome.error,
    signing_key_id: signer?.keyId ?? null,
  };
}

/**
 * Queues the merchant's notifications named by `ids` again (the notifier sends them like any
 * other). An id that is not one of the merchant's is not found, and nothing is queued.
 */
export function resendNotifications(ctx: SettingsContext, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  return changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    const sent = await findMerchantNotifications(tx, merchantId, unique);
    if (sent.length !== unique.length)
      throw notFound('No notification of this merchant has one of these ids');
    await requeueNotifications(tx, sent, at);
    return {
      answer: { queued: sent.length, queued_at: at.toISOString() },
      log: {
        action: 'merchant_notification.resend',
        targetType: 'merchant_notification',
        targetId: unique.length === 1 ? unique[0]! : '',
        after: { notification_ids: unique, queued_at: at.toISOString() },
      },
    };
  });
}
