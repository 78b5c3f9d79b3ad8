import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 parameters every authenticator app understands. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

function totpFor(secretBase32: string, label = '', issuer = '') {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URL and its QR code (a PNG data URL) for an authenticator app. */
export async function describeTotp(secretBase32: string, label: string, issuer: string) {
  const otpauthUrl = totpFor(secretBase32, label, issuer).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { otpauthUrl, qrCode };
}

/**
 * Checks a code against the secret, allowing one step of clock drift either way. Returns the
 * time step it matched, so a caller can refuse a step it has already accepted (replay).
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const clean = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(clean)) return null;
  const delta = totpFor(secretBase32).validate({ token: clean, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes: ten of them, each 10 base32 characters shown as xxxxx-xxxxx. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 characters: no bias
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Normalizes a recovery code as typed (case, spaces, dash) before hashing. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}
