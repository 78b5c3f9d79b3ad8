import { MERCHANT_API_MAX_SKEW_SECONDS } from '@bo/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { cachedApiKey, noteApiKeyUse } from './api-key-cache';
import { isSameSignature, signRequest } from '../core/signature';

/** A merchant API failure: HTTP status, a stable code and a plain message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : '';
};

/**
 * Authenticates a signed request: a known key, a timestamp within five minutes, and a valid
 * HMAC over `timestamp.METHOD.path.rawBody`. Notes the key's use (at most once a minute) and
 * answers the merchant's account id.
 */
export async function authenticateMerchant(
  db: Db,
  request: FastifyRequest,
  rawBody: string,
  now = Date.now(),
): Promise<string> {
  const keyId = header(request, 'x-api-key');
  const timestamp = header(request, 'x-timestamp');
  const signature = header(request, 'x-signature');
  if (!keyId || !timestamp || !signature)
    throw new ApiFailure(
      401,
      'unauthenticated',
      'X-Api-Key, X-Timestamp and X-Signature are required',
    );
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(now / 1000 - Number(timestamp)) > MERCHANT_API_MAX_SKEW_SECONDS
  )
    throw new ApiFailure(
      401,
      'stale_timestamp',
      'X-Timestamp must be unix seconds within 5 minutes of now',
    );
  const given = signature.toLowerCase();
  const signs = (secret: string) =>
    isSameSignature(given, signRequest(secret, timestamp, request.method, request.url, rawBody));
  let key = await cachedApiKey(db, keyId, now);
  // A remembered secret that does not match may have been rotated: ask the database again.
  if (key && !signs(key.secret)) key = await cachedApiKey(db, keyId, now, true);
  if (!key) throw new ApiFailure(401, 'unknown_key', 'The API key is not known');
  if (!signs(key.secret))
    throw new ApiFailure(401, 'bad_signature', 'The signature does not match the request');
  await noteApiKeyUse(db, key.key_id, now);
  return key.merchant_account_id;
}
