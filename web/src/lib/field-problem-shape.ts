import { FIELD_PROBLEM_KINDS, type FieldProblem } from '@bo/contract';

/**
 * Whether the error envelope's `data.field` has the shape the server sends. The call client
 * runs it on every refusal; it lives apart from the wording (field-problem.ts) so that the
 * sign-in page's bundle carries only this.
 */
export function isFieldProblem(value: unknown): value is FieldProblem {
  const problem = value as Partial<FieldProblem> | null;
  return (
    typeof problem === 'object' &&
    problem !== null &&
    typeof problem.field === 'string' &&
    typeof problem.rule === 'string' &&
    (FIELD_PROBLEM_KINDS as readonly unknown[]).includes(problem.kind)
  );
}
