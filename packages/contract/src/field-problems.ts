import type { z } from 'zod';
import type { FieldProblem, FieldProblemKind } from './errors';

/**
 * How a refused payload is told to its sender, one rule for both sides: the server's 400
 * (`message`, `data.field`) and the web's check of a request before it is sent (every bad
 * field at once, under each input). Both read the fields as the server receives them: text.
 */
type Issue = z.ZodError['issues'][number];

/** One sentence naming the first bad field, e.g. "email must be an email address". */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const field = issue.path.map(String).join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

/** A field sent without a value: missing, or text of nothing but spaces. */
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** What kind of refusal a zod issue is, so a client can say it in its own language. */
function kindOf(
  issue: Issue,
  blank: boolean | undefined,
): { kind: FieldProblemKind; limit?: number } {
  const raw = issue as { minimum?: unknown; maximum?: unknown; format?: unknown };
  const stringOrigin = (issue as { origin?: unknown }).origin === 'string';
  if (blank) return { kind: 'required' };
  // Not known to be blank: zod keeps no input, so a wrong type counts as missing.
  if (issue.code === 'invalid_type' && blank === undefined) return { kind: 'required' };
  if (issue.code === 'too_small' && stringOrigin) {
    const limit = Number(raw.minimum);
    return limit <= 1 ? { kind: 'required' } : { kind: 'tooShort', limit };
  }
  if (issue.code === 'too_big' && stringOrigin)
    return { kind: 'tooLong', limit: Number(raw.maximum) };
  if (issue.code === 'invalid_format' && raw.format === 'email') return { kind: 'email' };
  return { kind: 'other' };
}

/**
 * Every bad field of a refused payload, each once (its first refusal), in the schema's order.
 * `sent` is the payload as received: a field of its own sent blank and refused reads
 * `required`, whatever rule refused it (an empty username is missing, not too short).
 */
export function fieldProblemsOf(error: z.ZodError, sent?: Record<string, unknown>): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  for (const issue of error.issues) {
    if (issue.path.length === 0) continue;
    const field = issue.path.map(String).join('.');
    if (problems.has(field)) continue;
    const blank =
      sent !== undefined && issue.path.length === 1
        ? isBlank(sent[String(issue.path[0])])
        : undefined;
    const kind = kindOf(issue, blank);
    const rule = kind.kind === 'required' ? 'is required' : issue.message;
    problems.set(field, { field, rule, ...kind });
  }
  return [...problems.values()];
}

/** The first bad field of a refused payload (the server's `data.field`), if it names one. */
export const fieldProblemOf = (error: z.ZodError, sent?: Record<string, unknown>) =>
  fieldProblemsOf(error, sent)[0];

/** A payload a schema refuses: the server's sentence and every bad field. */
export interface RefusedFields {
  readonly message: string;
  readonly problems: readonly FieldProblem[];
}

/**
 * Checks text fields as the server will read them (a multipart form's values) against a call's
 * request schema: null when it passes, else what the server would answer.
 */
export function refusedFields(
  schema: z.ZodType,
  fields: Record<string, unknown>,
): RefusedFields | null {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return null;
  return { message: describeIssues(parsed.error), problems: fieldProblemsOf(parsed.error, fields) };
}
