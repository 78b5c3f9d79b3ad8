/**
 * The merchant API's key cache lives with the keys (modules/merchant-settings), where keys
 * are revoked and rolled; re-exported here for the request path.
 */
export {
  API_KEY_CACHE_MS,
  cachedApiKey,
  forgetApiKeys,
  noteApiKeyUse,
} from '../modules/merchant-settings/merchant-settings.service';
