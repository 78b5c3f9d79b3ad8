import { decryptSecret, encryptSecret, type CipherPurpose } from '../../core/secret-cipher';

/**
 * Gateway credentials at rest (`core/secret-cipher.ts`), keyed from the server's existing
 * secret (`config.sandboxSecret`, SANDBOX_SECRET). Nothing answers them back: the screens only
 * learn whether some are stored.
 */
const CREDENTIALS: CipherPurpose = { salt: 'payment-gateway', info: 'credentials v1' };

export const encryptCredentials = (secret: string, plain: string) =>
  encryptSecret(secret, CREDENTIALS, plain);

/** The stored credentials in clear (for a connector); throws when tampered with or keyed otherwise. */
export const decryptCredentials = (secret: string, stored: string) =>
  decryptSecret(secret, CREDENTIALS, stored);
