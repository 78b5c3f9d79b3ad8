import { ERRORS, type ErrorCode, type RefusalReason } from '@bo/contract';

/**
 * The one error type handlers throw. Its message is shown to the user as it is (the web app
 * adds the full stop), so it must be a plain sentence with no internals.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly reason: RefusalReason | undefined;

  constructor(code: ErrorCode, message: string, reason?: RefusalReason) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.reason = reason;
  }
}

export const badInput = (message: string) => new AppError('BAD_INPUT', message);
export const notAllowed = (message = 'You are not allowed to do this') =>
  new AppError('NOT_ALLOWED', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const sessionInvalid = (message = 'Your session is no longer valid, please sign in again') =>
  new AppError('SESSION_INVALID', message);
