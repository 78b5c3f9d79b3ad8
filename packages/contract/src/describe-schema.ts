import type { z } from 'zod';

/**
 * Describes a call's zod schema in words for the generated call reference: each field with
 * its type, whether it is required, its default and its bounds. It reads zod's own schema
 * definitions, so the reference cannot drift from what the server validates.
 */
export interface FieldDescription {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
}

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The bounds zod checks keep on a string or number (min/max length, min/max value, format). */
function boundsOf(def: Def): string[] {
  const checks = (def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? [];
  const words: string[] = [];
  for (const check of checks) {
    const c = check._zod.def;
    if (c.check === 'min_length') words.push(`≥${String(c.minimum)} chars`);
    else if (c.check === 'max_length') words.push(`≤${String(c.maximum)} chars`);
    else if (c.check === 'greater_than') words.push(`${c.inclusive ? '≥' : '>'}${String(c.value)}`);
    else if (c.check === 'less_than') words.push(`${c.inclusive ? '≤' : '<'}${String(c.value)}`);
    else if (c.check === 'string_format' && c.format !== 'regex') words.push(String(c.format));
    else if (c.check === 'number_format' && String(c.format).includes('int'))
      words.unshift('whole');
  }
  return words;
}

const withBounds = (name: string, def: Def) => {
  const bounds = boundsOf(def);
  return bounds.length ? `${name} (${bounds.join(', ')})` : name;
};

/** The type of one schema in a few words ("text (≤40 chars)", "one of a, b", "list of …"). */
export function describeType(schema: unknown): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return withBounds('text', def);
    case 'number':
      return withBounds('number', def);
    case 'boolean':
      return 'boolean';
    case 'bigint':
      return 'integer';
    case 'date':
      return 'date';
    case 'null':
      return 'null';
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
    case 'enum':
      return `one of ${Object.values(def.entries as Record<string, string>).join(', ')}`;
    case 'array':
      return `list of ${describeType(def.element)}`;
    case 'record':
      return `map of ${describeType(def.keyType)} to ${describeType(def.valueType)}`;
    case 'object':
      return `object { ${describeFields(schema)
        .map((f) => `${f.name}${f.required ? '' : '?'}`)
        .join(', ')} }`;
    case 'union':
      return (def.options as unknown[]).map(describeType).join(' or ');
    case 'optional':
      return describeType(def.innerType);
    case 'nullable':
      return `${describeType(def.innerType)} or null`;
    case 'default':
    case 'prefault':
      return `${describeType(def.innerType)}, default ${JSON.stringify(defaultOf(def))}`;
    case 'pipe':
      // A preprocess reads the raw field then checks it with `out`; a transform checks `in`.
      return describeType(defOf(def.in).type === 'transform' ? def.out : def.in);
    case 'transform':
      return 'any';
    default:
      return def.type;
  }
}

function defaultOf(def: Def): unknown {
  const value = def.defaultValue;
  return typeof value === 'function' ? (value as () => unknown)() : value;
}

/** Whether a field may be left out of a request (optional, defaulted, or a preprocess of one). */
function isOptional(schema: unknown): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'pipe') return isOptional(defOf(def.in).type === 'transform' ? def.out : def.in);
  return false;
}

/** The fields of an object schema (through optional/pipe wrappers); none for other schemas. */
export function describeFields(schema: z.ZodType | unknown): FieldDescription[] {
  let def = defOf(schema);
  while (def.type !== 'object') {
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default')
      def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else return [];
  }
  return Object.entries(def.shape as Record<string, unknown>).map(([name, field]) => ({
    name,
    type: describeType(field),
    required: !isOptional(field),
  }));
}
