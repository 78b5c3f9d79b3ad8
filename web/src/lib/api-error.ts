import type { FieldProblem } from '@bo/contract';

/** A failed call: `status` is the server's status, or null when the network failed. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The server's `data.reason`, where it tells refusals apart. */
    readonly reason: string | null = null,
    /** The server's `data.field` of a 400: the field it refused and why. */
    readonly field: FieldProblem | null = null,
    /**
     * Every refused field, the first being `field`: the server names one, the check of a
     * request before it is sent (`refusalBeforeSending`) names them all.
     */
    readonly fields: readonly FieldProblem[] = field ? [field] : [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message followed by a full stop (spec section 8), without doubling it. */
export function withFullStop(message: string): string {
  const trimmed = message.trim();
  return /[.!?。]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
