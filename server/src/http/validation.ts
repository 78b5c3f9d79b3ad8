import type { z } from 'zod';

/** One sentence naming the first bad field, e.g. "email must be an email address". */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const field = issue.path.map(String).join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a row (and must not reach a uuid cast). */
export const isUuid = (text: string) => UUID.test(text);
