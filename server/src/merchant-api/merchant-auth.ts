import { MERCHANT_API_MAX_SKEW_SECONDS } from '@bo/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { cachedApiKey, noteApiKeyUse } from './api-key-cache';
import { isSameSignature, signRequest } from '../core/signature';
import { isFirstUseOfSignature, SignatureUse } from './replay-guard';
import { signApiRequest } from './request-signature';

/** A merchant API failure: HTTP status, a stable code and a plain message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Sent as `Retry-After` (whole seconds): the refusal passes by itself after that long. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : '';
};

/** The answer a signature seen before gets. */
export const replayedRequest = () =>
  new ApiFailure(
    401,
    'replayed_request',
    'This signed request was received already: sign each request anew (a new X-Timestamp)',
  );

/**
 * Refuses a replay: notes the signature as seen unless the write it signed noted it already
 * (`SignatureUse.recorded`), and throws `replayed_request` when it had been seen before.
 */
export async function refuseReplay(db: Db, use: SignatureUse, now = Date.now()): Promise<void> {
  if (!(await isFirstUseOfSignature(db, use, now))) throw replayedRequest();
}

/**
 * Authenticates a signed request: a known key, a timestamp within five minutes and a valid
 * HMAC over the version 2 canonical string (`request-signature.ts`: timestamp, METHOD, path,
 * Idempotency-Key, raw body). Notes the key's use (at most once a minute) and answers the
 * merchant's account id and the signature, which the caller must note as seen (`refuseReplay`,
 * or in a write's own transaction) before answering.
 */
export async function authenticateMerchant(
  db: Db,
  request: FastifyRequest,
  rawBody: string,
  now = Date.now(),
): Promise<{ keyId: string; merchantId: string; signature: SignatureUse }> {
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
  const parts = {
    timestamp,
    method: request.method,
    path: request.url,
    idempotencyKey: header(request, 'idempotency-key'),
    rawBody,
  };
  const signs = (secret: string) => isSameSignature(given, signApiRequest(secret, parts));
  const unknownKey = () => new ApiFailure(401, 'unknown_key', 'The API key is not known');
  let key = await cachedApiKey(db, keyId, now);
  if (!key) throw unknownKey();
  if (!signs(key.secret)) {
    // A remembered secret that does not match may have been rotated: ask the database again.
    key = await cachedApiKey(db, keyId, now, true);
    if (!key) throw unknownKey();
    if (!signs(key.secret)) throw signatureFailure(key.secret, given, parts);
  }
  await noteApiKeyUse(db, key.key_id, now);
  return {
    keyId: key.key_id,
    merchantId: key.merchant_account_id,
    signature: new SignatureUse(given, Number(timestamp)),
  };
}

/** A wrong signature; one over the retired version 1 string is told so. */
function signatureFailure(
  secret: string,
  given: string,
  p: { timestamp: string; method: string; path: string; rawBody: string },
): ApiFailure {
  const v1 = signRequest(secret, p.timestamp, p.method, p.path, p.rawBody);
  if (isSameSignature(given, v1))
    return new ApiFailure(
      401,
      'signature_version_retired',
      'The signature is over the retired v1 string: sign the v2 string (it covers the Idempotency-Key)',
    );
  return new ApiFailure(401, 'bad_signature', 'The signature does not match the request');
}
