import type { z } from 'zod';
import type { FieldProblem } from '../errors';
import { ruleDefinitionSchema, type RuleDefinition } from './rule-schema';

/**
 * How a rule's definition is read from what an editor sends (its JSON text) and kept (its
 * canonical JSON): the one reading for the server's save and the editor's check.
 */

/** A path as a rule's editor names it: `when.all[1].firstSeen.since`. */
export function rulePathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
}

/** JSON with every object's keys sorted and no spaces: one text per definition, for versions. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type Issue = z.ZodError['issues'][number];

/** Every problem of a refused definition, each part once, named by its path. */
function problemsOf(issues: readonly Issue[]): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  const add = (field: string, rule: string) => {
    if (!problems.has(field))
      problems.set(field, { field, rule, kind: rule === 'is required' ? 'required' : 'other' });
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) add(rulePathText([...issue.path, key]), 'is not a known part');
    else add(rulePathText(issue.path) || 'definition', issue.message);
  }
  return [...problems.values()];
}

export type RuleReading =
  | { ok: true; definition: RuleDefinition; canonical: string }
  | { ok: false; problems: FieldProblem[] };

/**
 * Reads a definition (an object, or its JSON text as a form sends it) through its schema: its
 * canonical JSON when it reads, else every problem named by its path. A risk rule's and a
 * routing profile's (`readRoutingProfile`) are read this one way.
 */
export function readDefinition<S extends z.ZodType>(
  schema: S,
  input: unknown,
):
  | { ok: true; definition: z.output<S>; canonical: string }
  | { ok: false; problems: FieldProblem[] } {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input) as unknown;
    } catch {
      return {
        ok: false,
        problems: [{ field: 'definition', rule: 'must be JSON', kind: 'other' }],
      };
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error.issues) };
  return { ok: true, definition: parsed.data, canonical: canonicalJson(parsed.data) };
}

/** Reads a risk rule's definition (an object, or its JSON text as a form sends it). */
export const readRuleDefinition = (input: unknown): RuleReading =>
  readDefinition(ruleDefinitionSchema, input);
