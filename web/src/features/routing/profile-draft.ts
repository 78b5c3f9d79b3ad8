import type { FieldProblem } from '@bo/contract';
import { ApiError } from '../../lib/api-error';

/** A new profile's starting definition: valid for any currency (it names no gateway). */
export const EXAMPLE_DEFINITION = `{
  "steps": [
    { "successRate": { "windowMinutes": 15, "explorePercent": 5, "minAttempts": 20 } }
  ]
}`;

/** The definition in force, indented for the editor (as it is when it does not read as JSON). */
export function prettyDefinition(definition: string): string {
  try {
    return JSON.stringify(JSON.parse(definition), null, 2);
  } catch {
    return definition;
  }
}

/** The editor's fields other than the definition, by the names the call gives them. */
const FORM_FIELDS = new Set(['direction', 'currency', 'scope', 'accountCode', 'active', 'reason']);

/**
 * A refusal of `setRoutingProfile` split for the editor: the definition's problems (the text,
 * or a part named by its path) listed under it, the rest placed by the form (under its field,
 * or above the fields when it names none: a 409, a 403).
 */
export function splitRefusal(refusal: ApiError): {
  definition: FieldProblem[];
  rest: ApiError | null;
} {
  const definition = refusal.fields.filter((p) => !FORM_FIELDS.has(p.field));
  const others = refusal.fields.filter((p) => FORM_FIELDS.has(p.field));
  if (definition.length === 0) return { definition, rest: refusal };
  const [first] = others;
  if (!first) return { definition, rest: null };
  return {
    definition,
    rest: new ApiError(
      `${first.field} ${first.rule}`,
      refusal.status,
      refusal.reason,
      first,
      others,
    ),
  };
}
