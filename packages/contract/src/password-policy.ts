/** The password policy; the server enforces it and the web app shows the same message early. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** What a password may lack, each with the words the server's message uses. */
export const PASSWORD_PARTS = {
  length: `at least ${PASSWORD_MIN_LENGTH} characters`,
  lower: 'a lower-case letter',
  upper: 'an upper-case letter',
  digit: 'a digit',
  symbol: 'a symbol',
} as const;
export type PasswordPart = keyof typeof PASSWORD_PARTS;

/** The parts `password` lacks, in the policy's order (empty when it has them all). */
export function missingPasswordParts(password: string): PasswordPart[] {
  const checks: Record<PasswordPart, boolean> = {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
  return (Object.keys(PASSWORD_PARTS) as PasswordPart[]).filter((part) => !checks[part]);
}

/** Returns null when the password is acceptable, else a sentence saying what is missing. */
export function checkPasswordPolicy(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const missing = missingPasswordParts(password);
  return missing.length
    ? `Password needs ${missing.map((part) => PASSWORD_PARTS[part]).join(', ')}`
    : null;
}
