/** The password policy; the server enforces it and the web app shows the same message early. */
export const PASSWORD_MIN_LENGTH = 10;

/** Returns null when the password is acceptable, else a sentence saying what is missing. */
export function checkPasswordPolicy(password: string): string | null {
  const missing: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    missing.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!/[a-z]/.test(password)) missing.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) missing.push('an upper-case letter');
  if (!/\d/.test(password)) missing.push('a digit');
  if (!/[^A-Za-z0-9]/.test(password)) missing.push('a symbol');
  if (password.length > 200) return 'Password must be at most 200 characters';
  return missing.length ? `Password needs ${missing.join(', ')}` : null;
}
