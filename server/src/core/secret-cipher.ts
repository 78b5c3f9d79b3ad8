import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest: AES-256-GCM, a fresh 12-byte IV per value, the key derived (HKDF-SHA256)
 * from a server secret and the purpose, so a database copy alone does not reveal them and one
 * purpose's values never open under another's. Stored as `v1:<base64 iv | tag | ciphertext>`.
 */
export interface CipherPurpose {
  /** HKDF salt and info: fixed per kind of value. */
  readonly salt: string;
  readonly info: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();
function keyOf(secret: string, purpose: CipherPurpose): Buffer {
  const id = `${purpose.salt}\u0000${purpose.info}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
    keys.set(id, key);
  }
  return key;
}

export function encryptSecret(secret: string, purpose: CipherPurpose, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The value in clear; throws when tampered with, keyed otherwise or of another purpose. */
export function decryptSecret(secret: string, purpose: CipherPurpose, stored: string): string {
  const [version, data] = stored.split(':');
  if (version !== VERSION || !data) throw new Error('unknown secret format');
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(secret, purpose),
    raw.subarray(0, IV_BYTES),
  );
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
