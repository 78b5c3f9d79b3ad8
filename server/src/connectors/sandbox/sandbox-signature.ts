import { createHmac } from 'node:crypto';

/** The headers a sandbox callback is signed in: unix seconds, and the hex HMAC. */
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Hex HMAC-SHA256 of `timestamp.body` with `secret`: how the sandbox signs its callbacks. */
export function signSandbox(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The headers of one sandbox delivery of `body`, signed at `now`: what the sandbox sends, and
 * what a test sends to play the sandbox.
 */
export function sandboxDeliveryHeaders(secret: string, body: string, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  return {
    'content-type': 'application/json',
    [SANDBOX_TIMESTAMP_HEADER]: timestamp,
    [SANDBOX_SIGNATURE_HEADER]: signSandbox(secret, timestamp, body),
  };
}
