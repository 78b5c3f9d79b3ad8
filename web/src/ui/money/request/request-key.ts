/**
 * A fresh idempotency key for one reviewed request (32 hex characters): sending the same
 * review twice (a double click, a retry after a lost answer) creates the money request once.
 * `getRandomValues` works on plain http too, where `randomUUID` does not.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
