import { hash, verify } from '@node-rs/argon2';
import { checkPasswordPolicy, missingPasswordParts } from '@bo/contract';
import { badField } from '../../core/app-error';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the email is unknown so that the time taken
 * does not tell which emails exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-that-no-account-has');
  return decoyHash;
}

/** Throws a 400 naming what the new password lacks. */
export function assertPasswordPolicy(password: string, field = 'newPassword'): void {
  const problem = checkPasswordPolicy(password);
  if (!problem) return;
  const missing = missingPasswordParts(password);
  throw badField(
    missing.length
      ? { field, rule: problem, kind: 'password', missing }
      : { field, rule: problem, kind: 'other' },
    `${field}: ${problem}`,
  );
}
