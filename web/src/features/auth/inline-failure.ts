import { ApiError, withFullStop } from '../../lib/api-error';

/** A failed call's message as a sign-in card shows it in place: the server's with a full stop. */
export function inlineFailureMessage(failure: unknown): string {
  const message = failure instanceof Error ? failure.message : String(failure);
  return failure instanceof ApiError && failure.status !== null ? withFullStop(message) : message;
}
