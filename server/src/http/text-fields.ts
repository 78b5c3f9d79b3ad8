import { badInput } from '../core/app-error';

/** NUL, a lone UTF-16 surrogate, or U+FFFD (what a decoder makes of bytes that are not UTF-8). */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\ufffd/;

/**
 * How deep a JSON body may nest. Fields are flat text (a list at most one array deep), so this
 * is generous; a bound at all keeps a 4,000-level body (24 KB) from costing more than its size.
 */
const MAX_FIELD_DEPTH = 32;

const MAX_NAME_SHOWN = 200;

/**
 * Refuses, with a 400 naming the field, any text in the fields that is not clean UTF-8 text, and
 * any value nested deeper than `MAX_FIELD_DEPTH`: PostgreSQL cannot store NUL or lone surrogates,
 * and neither belongs in a form. Checked once at the edge, for every back-office call and export
 * and every merchant API body, before any handler or schema runs. The walk keeps its own stack:
 * recursion would overflow on a deep body before the depth could be refused.
 */
export function assertCleanText(fields: Record<string, unknown>): void {
  const pending: { value: unknown; name: string; depth: number }[] = [
    { value: fields, name: '', depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, name, depth } = next;
    if (typeof value === 'string') {
      if (NOT_TEXT.test(value))
        throw badInput(`${name} must be valid UTF-8 text without NUL characters`);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_FIELD_DEPTH)
        throw badInput(`${name} is nested too deeply (at most ${MAX_FIELD_DEPTH} levels)`);
      // Reversed onto the stack, so fields are judged in order and the first bad one is named.
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const path = name ? `${name}.${key}` : key;
        // A JSON key has no length limit: the message shows the start of the path only.
        const shown = path.length > MAX_NAME_SHOWN ? `${path.slice(0, MAX_NAME_SHOWN)}…` : path;
        pending.push({ value: inner, name: shown, depth: depth + 1 });
      }
    }
  }
}
