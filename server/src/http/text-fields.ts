import { badInput } from '../core/app-error';

/** NUL, a lone UTF-16 surrogate, or U+FFFD (what a decoder makes of bytes that are not UTF-8). */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\ufffd/;

/**
 * Refuses, with a 400 naming the field, any text in the fields that is not clean UTF-8 text:
 * PostgreSQL cannot store NUL or lone surrogates, and neither belongs in a form. Checked once at
 * the edge, for every call and export, before any handler runs.
 */
export function assertCleanText(fields: Record<string, unknown>, path = ''): void {
  for (const [key, value] of Object.entries(fields)) {
    const name = path ? `${path}.${key}` : key;
    if (typeof value === 'string') {
      if (NOT_TEXT.test(value))
        throw badInput(`${name} must be valid UTF-8 text without NUL characters`);
    } else if (value !== null && typeof value === 'object') {
      assertCleanText(value as Record<string, unknown>, name);
    }
  }
}
