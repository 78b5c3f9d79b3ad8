import {
  createMerchantApiKey,
  getMerchantApiKeys,
  getMerchantNotificationLog,
  getMerchantNotifySettings,
  resendMerchantNotifications,
  revokeMerchantApiKey,
  rollMerchantApiKey,
  rotateMerchantCallbackSecret,
  sendMerchantTestNotification,
  setMerchantNotifyUrl,
  type NotificationEvent,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { serveList, type ListInput } from '../scoped-lists/list-query';
import { createApiKey, readMerchantApiKeys, revokeApiKey, rollApiKey } from './api-keys.service';
import { eventCondition, notificationLog, viewNotificationAttempt } from './notification-log';
import {
  readNotifySettings,
  resendNotifications,
  rotateCallbackSecret,
  saveNotifyUrl,
  sendTestNotification,
} from './notify-settings.service';

type LogInput = ListInput & { event?: NotificationEvent };

/**
 * Merchant settings of the signed-in merchant (/merchant-settings, rule technicalMerchant): its
 * API keys, default notify URL, callback secret and notification log. A sub-account acts for
 * its parent merchant; another merchant's ids are not found. Every change is logged.
 */
export function registerMerchantSettingsCalls(registry: CallRegistry): void {
  registry
    .user(getMerchantApiKeys, (ctx) => readMerchantApiKeys(ctx.db, ctx.actor.scopeAccountId))
    .user(createMerchantApiKey, (ctx, input) => createApiKey(ctx, input.name))
    .user(revokeMerchantApiKey, (ctx, input) => revokeApiKey(ctx, input.keyId))
    .user(rollMerchantApiKey, (ctx, input) => rollApiKey(ctx, input.keyId, input.window))
    .user(getMerchantNotifySettings, (ctx) =>
      readNotifySettings(ctx.db, ctx.config, ctx.actor.scopeAccountId),
    )
    .user(setMerchantNotifyUrl, (ctx, input) => saveNotifyUrl(ctx, input.notifyUrl))
    .user(sendMerchantTestNotification, (ctx, input) => sendTestNotification(ctx, input.notifyUrl))
    .user(rotateMerchantCallbackSecret, (ctx) => rotateCallbackSecret(ctx))
    .list(
      getMerchantNotificationLog,
      serveList(notificationLog, viewNotificationAttempt, (input: LogInput) =>
        eventCondition(input.event),
      ),
    )
    .user(resendMerchantNotifications, (ctx, input) => resendNotifications(ctx, input.ids));
}
