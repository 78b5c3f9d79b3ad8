import { randomBytes } from 'node:crypto';
import {
  API_KEY_ROLL_WINDOW_SECONDS,
  MAX_MERCHANT_API_KEYS,
  type ApiKeyRollWindow,
  type MerchantApiKeyRow,
} from '@bo/contract';
import { conflict, notFound } from '../../core/app-error';
import type { Queryable } from '../../db/db';
import { isoOrNull } from '../scoped-lists/scope';
import { lockNotifySettings } from '../merchant-notifications/merchant-notifications.service';
import { forgetApiKeys } from './api-key-cache';
import {
  countLiveApiKeys,
  findMerchantApiKeys,
  insertApiKey,
  lockMerchantApiKey,
  markApiKeyRevoked,
  markApiKeyRolled,
  type ApiKeyRecord,
} from './api-keys.queries';
import { changeMerchantSettings, type SettingsContext } from './settings-change';

/** A fresh random token with a readable prefix (`mk_…` key ids, `sk_…` secrets). */
export const newToken = (prefix: string, bytes: number) =>
  `${prefix}_${randomBytes(bytes).toString('base64url')}`;

/** A key as the calls answer it (never its secret). */
export function viewApiKey(k: ApiKeyRecord, now = new Date()): MerchantApiKeyRow {
  const state = k.revoked_at
    ? 'revoked'
    : k.expires_at
      ? k.expires_at > now
        ? 'expiring'
        : 'expired'
      : 'active';
  return {
    key_id: k.key_id,
    name: k.name,
    state,
    created_at: k.created_at.toISOString(),
    last_used_at: isoOrNull(k.last_used_at),
    expires_at: isoOrNull(k.expires_at),
    revoked_at: isoOrNull(k.revoked_at),
    replaced_by: k.replaced_by,
  };
}

/** What the admin log keeps of a key: never its secret. */
const logged = (k: ApiKeyRecord) => ({
  key_id: k.key_id,
  name: k.name,
  expires_at: isoOrNull(k.expires_at),
  revoked_at: isoOrNull(k.revoked_at),
});

export async function readMerchantApiKeys(db: Queryable, merchantId: string) {
  const now = new Date();
  const keys = await findMerchantApiKeys(db, merchantId, now);
  return { keys: keys.map((k) => viewApiKey(k, now)), max_keys: MAX_MERCHANT_API_KEYS };
}

const API_KEY = 'merchant_api_key';

async function addKey(tx: Queryable, merchantId: string, name: string, at: Date) {
  if ((await countLiveApiKeys(tx, merchantId, at)) >= MAX_MERCHANT_API_KEYS)
    throw conflict(`A merchant can have at most ${MAX_MERCHANT_API_KEYS} working API keys`);
  const secret = newToken('sk', 32);
  const key = await insertApiKey(tx, {
    keyId: newToken('mk', 12),
    merchantId,
    name,
    secret,
    at,
  });
  return { key, secret };
}

/** A working key of the merchant, held for the change; another's or an unknown one is not found. */
async function liveKeyOrNotFound(tx: Queryable, merchantId: string, keyId: string, at: Date) {
  const key = await lockMerchantApiKey(tx, merchantId, keyId);
  if (!key) throw notFound('No API key of this merchant has this id');
  if (key.revoked_at) throw conflict('This API key is already revoked');
  if (key.expires_at && key.expires_at <= at) throw conflict('This API key has already expired');
  return key;
}

/** Makes a named key; its secret is in the answer, the one time it is shown. */
export function createApiKey(ctx: SettingsContext, name: string) {
  return changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    await lockNotifySettings(tx, merchantId);
    const { key, secret } = await addKey(tx, merchantId, name, at);
    return {
      answer: { key: viewApiKey(key, at), secret },
      log: {
        action: `${API_KEY}.create`,
        targetType: API_KEY,
        targetId: key.key_id,
        after: logged(key),
      },
      alert: { alert: 'api_key_created', keyName: key.name },
    };
  });
}

/** Revokes a key: refused from now on, in this process's key cache too. */
export async function revokeApiKey(ctx: SettingsContext, keyId: string) {
  const answer = await changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    const before = await liveKeyOrNotFound(tx, merchantId, keyId, at);
    const after = await markApiKeyRevoked(tx, keyId, at);
    return {
      answer: viewApiKey(after, at),
      log: {
        action: `${API_KEY}.revoke`,
        targetType: API_KEY,
        targetId: keyId,
        before: logged(before),
        after: logged(after),
      },
      alert: { alert: 'api_key_revoked', keyName: before.name },
    };
  });
  forgetApiKeys(ctx.db, keyId);
  return answer;
}

/**
 * Rolls a key: a new key with the same name, and the old one working until the window ends
 * (the key cache never trusts a key past its end).
 */
export async function rollApiKey(ctx: SettingsContext, keyId: string, window: ApiKeyRollWindow) {
  const answer = await changeMerchantSettings(ctx, async (tx, merchantId, at) => {
    await lockNotifySettings(tx, merchantId);
    const before = await liveKeyOrNotFound(tx, merchantId, keyId, at);
    const { key, secret } = await addKey(tx, merchantId, before.name, at);
    const until = new Date(at.getTime() + API_KEY_ROLL_WINDOW_SECONDS[window] * 1000);
    const old = await markApiKeyRolled(tx, keyId, until, key.key_id);
    return {
      answer: { key: viewApiKey(key, at), secret, old_key: viewApiKey(old, at) },
      log: {
        action: `${API_KEY}.roll`,
        targetType: API_KEY,
        targetId: keyId,
        before: logged(before),
        after: { ...logged(old), window, replaced_by: key.key_id },
      },
      alert: { alert: 'api_key_rolled', keyName: before.name },
    };
  });
  forgetApiKeys(ctx.db, keyId);
  return answer;
}
