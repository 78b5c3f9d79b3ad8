/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for an array of text, numbers, bigints and
 * booleans: what the batched writes send as `unnest($1::uuid[], …)`. node-postgres quotes every
 * element through two regular-expression replaces, a tenth of a pay-in's server time under load
 * (docs/money.md); here text is quoted as it is unless it holds a backslash or a double quote.
 * Anything else (a Date, whose text pg writes in its own way, an object, a nested array, a
 * Buffer) returns undefined, and pg encodes the array itself.
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'string') literal += quoted(value);
    else if (typeof value === 'bigint' || typeof value === 'number') literal += String(value);
    else if (typeof value === 'boolean') literal += value ? 'true' : 'false';
    else return undefined;
  }
  return literal + '}';
}

const NEEDS_ESCAPE = /[\\"]/;

function quoted(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The parameters with each array that `arrayLiteral` can write written by it. */
export function withArrayLiterals(params: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(params.length);
  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    out[i] = Array.isArray(param) ? (arrayLiteral(param) ?? param) : param;
  }
  return out;
}
