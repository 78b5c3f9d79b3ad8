/**
 * Every error the back-office API can answer with. The HTTP status equals `status` in the
 * body (spec section 8). Each entry says when it is used.
 */
export const ERRORS = {
  /** A field is missing, of the wrong type or out of range; nothing was changed. */
  BAD_INPUT: { status: 400 },
  /** The caller is signed in but its account type or modules do not allow the call. */
  NOT_ALLOWED: { status: 403 },
  /** Wrong credentials, a refused login address, or a wrong one-time code. */
  SIGN_IN_REFUSED: { status: 403 },
  /** The call or the thing it names does not exist (or is outside the caller's scope). */
  NOT_FOUND: { status: 404 },
  /** The request conflicts with the current state (illegal transition, duplicate, reused key). */
  CONFLICT: { status: 409 },
  /** The payload is larger than the body limit. */
  TOO_LARGE: { status: 413 },
  /** Too many attempts; try later. */
  TOO_MANY: { status: 429 },
  /** Session invalid: unknown, expired, revoked, or not the named user's (spec: 440). */
  SESSION_INVALID: { status: 440 },
  /** Anything unexpected; the message never shows internals. */
  INTERNAL: { status: 500 },
  /**
   * The database cannot be reached just now (a failover under way); nothing was changed by the
   * refused step. Answered with `Retry-After`: send the request again after it.
   */
  UNAVAILABLE: { status: 503 },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Why a call was refused, where a client must tell refusals apart (sent as `data.reason` of
 * the error envelope): the sign-in page sends a refused address to the login-IP page; the
 * refund form words a refused refund in the user's language (more than is still refundable, a
 * short balance, a pay-in not successful); a request form says a risk rule blocked it.
 */
export const REFUSAL_REASONS = {
  loginIpNotAllowed: 'login_ip_not_allowed',
  refundOverRefundable: 'refund_over_refundable',
  refundBalanceShort: 'refund_balance_short',
  refundPayinNotSuccessful: 'refund_payin_not_successful',
  /** A risk rule blocked the request at intake (issue 42): it is kept, `blocked`, and moves nothing. */
  riskBlocked: 'risk_blocked',
} as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[keyof typeof REFUSAL_REASONS];

/** The envelope every back-office response has; an error may carry `data.reason`. */
export interface ApiEnvelope<T = unknown> {
  status: number;
  message: string;
  data?: T;
}

export const SUCCESS_STATUS = 200;
export const SESSION_INVALID_STATUS = ERRORS.SESSION_INVALID.status;

/**
 * What a 400 knows about the field it refuses (sent as `data.field` of the error envelope; when
 * the server found several problems at once, `data.fields` lists them all, `data.field` being
 * the first), so
 * a form shows the refusal next to that field in the user's language: `rule` is the English
 * sentence without the field's name, `kind` and its `limit` or `missing` let a client say the
 * same in its own words (`other`: only `rule` says it).
 */
export const FIELD_PROBLEM_KINDS = [
  'required',
  'tooLong',
  'tooShort',
  'email',
  'password',
  'other',
] as const;
export type FieldProblemKind = (typeof FIELD_PROBLEM_KINDS)[number];

export interface FieldProblem {
  readonly field: string;
  readonly rule: string;
  readonly kind: FieldProblemKind;
  /** tooLong / tooShort: the number of characters allowed. */
  readonly limit?: number;
  /** password: what the password lacks (`PASSWORD_PARTS`). */
  readonly missing?: readonly string[];
}
