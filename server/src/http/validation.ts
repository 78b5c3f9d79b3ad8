import type { FieldProblem, FieldProblemKind } from '@bo/contract';
import type { z } from 'zod';

/** One sentence naming the first bad field, e.g. "email must be an email address". */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const field = issue.path.map(String).join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

type Issue = z.ZodError['issues'][number];

/** What kind of refusal a zod issue is, so a client can say it in its own language. */
function kindOf(issue: Issue): { kind: FieldProblemKind; limit?: number } {
  const raw = issue as { input?: unknown; minimum?: unknown; maximum?: unknown; format?: unknown };
  const stringOrigin = (issue as { origin?: unknown }).origin === 'string';
  if (issue.code === 'invalid_type' && raw.input === undefined) return { kind: 'required' };
  if (issue.code === 'too_small' && stringOrigin) {
    const limit = Number(raw.minimum);
    return limit <= 1 ? { kind: 'required' } : { kind: 'tooShort', limit };
  }
  if (issue.code === 'too_big' && stringOrigin)
    return { kind: 'tooLong', limit: Number(raw.maximum) };
  if (issue.code === 'invalid_format' && raw.format === 'email') return { kind: 'email' };
  return { kind: 'other' };
}

/** The first bad field of a refused payload as the error envelope's `data.field`, if it names one. */
export function fieldProblemOf(error: z.ZodError): FieldProblem | undefined {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) return undefined;
  const field = issue.path.map(String).join('.');
  const kind = kindOf(issue);
  const rule = kind.kind === 'required' ? 'is required' : issue.message;
  return { field, rule, ...kind };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a row (and must not reach a uuid cast). */
export const isUuid = (text: string) => UUID.test(text);
