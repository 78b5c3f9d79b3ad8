import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Gateway credentials at rest: AES-256-GCM, a fresh 12-byte IV per value, the key derived
 * (HKDF-SHA256) from the server's existing secret (`config.sandboxSecret`, SANDBOX_SECRET), so
 * a database copy alone does not reveal them. Stored as `v1:<base64 iv | tag | ciphertext>`.
 * Nothing answers them back: the screens only learn whether some are stored.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'payment-gateway', 'credentials v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function encryptCredentials(secret: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The stored credentials in clear (for a connector); throws when tampered with or keyed otherwise. */
export function decryptCredentials(secret: string, stored: string): string {
  const [version, data] = stored.split(':');
  if (version !== VERSION || !data) throw new Error('unknown credentials format');
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
