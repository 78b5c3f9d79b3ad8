import * as OTPAuth from 'otpauth';

/** The TOTP code an authenticator app would show for `secret` at `at` (ms), computed here. */
export function totpCode(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at });
}
