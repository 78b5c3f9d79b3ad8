import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalString } from '@bo/contract';

/** Hex HMAC-SHA256 of the canonical string `timestamp.METHOD.path.rawBody` with `secret`. */
export function signRequest(
  secret: string,
  timestamp: string,
  method: string,
  path: string,
  rawBody: string,
): string {
  return createHmac('sha256', secret)
    .update(canonicalString(timestamp, method, path, rawBody))
    .digest('hex');
}

/** Constant-time check of a hex signature. */
export function isSameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SHA-256 of what identifies a request for idempotency: method, path and body. */
export const requestHash = (method: string, path: string, rawBody: string) =>
  createHash('sha256').update(`${method}\n${path}\n${rawBody}`).digest('hex');
