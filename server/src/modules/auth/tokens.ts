import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256; they carry 256 random bits, so a fast hash is enough. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
