import { createHmac } from 'node:crypto';

/** The version of the canonical string a merchant API request is signed over. */
export const SIGNATURE_VERSION = 'v2';

/** What a merchant API request's signature covers. */
export interface SignedParts {
  /** The X-Timestamp header, as sent. */
  readonly timestamp: string;
  readonly method: string;
  /** The full path as sent, `/api/v1` included, with its query string if any. */
  readonly path: string;
  /** The Idempotency-Key header as sent; empty when the request has none. */
  readonly idempotencyKey: string;
  /** The exact body sent; empty for a GET. */
  readonly rawBody: string;
}

/**
 * The canonical string, version 2: six lines joined by `\n` (a header value and a request path
 * cannot hold a line break, so no part can pose as another), the body last:
 * `v2`, timestamp, METHOD, path, Idempotency-Key, raw body. Version 1 (`ts.METHOD.path.body`)
 * did not cover the Idempotency-Key and is no longer accepted (docs/merchant-api.md).
 */
export const canonicalRequestV2 = (p: SignedParts) =>
  [
    SIGNATURE_VERSION,
    p.timestamp,
    p.method.toUpperCase(),
    p.path,
    p.idempotencyKey,
    p.rawBody,
  ].join('\n');

/** Hex HMAC-SHA256 of the version 2 canonical string with the key's secret. */
export const signApiRequest = (secret: string, parts: SignedParts) =>
  createHmac('sha256', secret).update(canonicalRequestV2(parts)).digest('hex');
