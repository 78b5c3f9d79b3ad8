/**
 * Merchant settings (/merchant-settings): API keys, the key cache the merchant API signs
 * requests against, notify URL, callback secret and the notification log.
 */
export { API_KEY_CACHE_MS, cachedApiKey, forgetApiKeys, noteApiKeyUse } from './api-key-cache';
export { createApiKey, readMerchantApiKeys, revokeApiKey, rollApiKey } from './api-keys.service';
export { notificationLog } from './notification-log';
export {
  readNotifySettings,
  resendNotifications,
  rotateCallbackSecret,
  saveNotifyUrl,
  sendTestNotification,
} from './notify-settings.service';
