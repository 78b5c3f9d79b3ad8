import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `timestamp.body` with `secret`: how the sandbox signs its callbacks. */
export function signSandbox(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
