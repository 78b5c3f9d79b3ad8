import { ERRORS, type ErrorCode, type FieldProblem, type RefusalReason } from '@bo/contract';

/**
 * The one error type handlers throw. Its message is shown to the user as it is (the web app
 * adds the full stop), so it must be a plain sentence with no internals.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly reason: RefusalReason | undefined;
  /** A 400's field and rule, so a form shows it next to that field. */
  readonly field: FieldProblem | undefined;
  /** Every problem found, when there are several (`field` is the first). */
  readonly fields: readonly FieldProblem[];

  constructor(
    code: ErrorCode,
    message: string,
    reason?: RefusalReason,
    field?: FieldProblem,
    fields: readonly FieldProblem[] = field ? [field] : [],
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.reason = reason;
    this.field = field;
    this.fields = fields;
  }
}

export const badInput = (message: string) => new AppError('BAD_INPUT', message);
/** A 400 naming `problem.field` (message default "field rule"); the envelope carries both. */
export const badField = (problem: FieldProblem, message = `${problem.field} ${problem.rule}`) =>
  new AppError('BAD_INPUT', message, undefined, problem);
/**
 * A 400 naming every problem found at once (a routing profile's definition): the message and
 * `data.field` are the first's, `data.fields` all of them, so a form shows each by its part.
 */
export const badFields = (problems: readonly [FieldProblem, ...FieldProblem[]]) =>
  new AppError(
    'BAD_INPUT',
    `${problems[0].field} ${problems[0].rule}`,
    undefined,
    problems[0],
    problems,
  );
export const notAllowed = (message = 'You are not allowed to do this') =>
  new AppError('NOT_ALLOWED', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/**
 * A 409 about one field's value (an order id already used), named as the back office spells it:
 * the merchant API names the same field its own way (`order_id`; merchant-api/api-route.ts).
 */
export const conflictOn = (field: string, rule: string) =>
  new AppError('CONFLICT', `${field} ${rule}`, undefined, { field, rule, kind: 'other' });
export const sessionInvalid = (message = 'Your session is no longer valid, please sign in again') =>
  new AppError('SESSION_INVALID', message);
