import { z } from 'zod';

/**
 * The filters a list screen shows, read from its call's request schema: a filter appears only
 * when the schema has its field, so a new list call gets its filter bar by declaring fields.
 */
export interface FilterSet {
  /** Every field of the request the kit keeps in the URL (filters, not page/pageSize/sort). */
  readonly urlKeys: readonly string[];
  readonly dateRange: boolean;
  /** The field the tabs choose: `status` unless the screen names another (a run's `class`). */
  readonly tabField: string;
  /** The values of the tabs, or null when the call has no such field. */
  readonly statuses: readonly string[] | null;
  readonly currency: boolean;
  /** The call needs a currency (the entries view): the filter offers no "all currencies". */
  readonly currencyRequired: boolean;
  readonly gateway: boolean;
  readonly reseller: boolean;
  readonly merchant: boolean;
  readonly amountRange: boolean;
  /** How routing sent the rows (`routedBy`: pay-ins, pay-outs; administrators only). */
  readonly routedBy: boolean;
  readonly search: boolean;
  /** Whether the call takes `timeZone` (dates are then computed and exported in it). */
  readonly timeZone: boolean;
  /** The columns the server sorts by (the `sort` field's choices); empty without one. */
  readonly sortColumns: readonly string[];
}

/** Request fields that are filters the kit knows how to show, in the order the bar shows them. */
export const FILTER_KEYS = [
  'status',
  'from',
  'to',
  'currency',
  'gatewayCode',
  'resellerDbCode',
  'merchantDbCode',
  'amountMin',
  'amountMax',
  'routedBy',
  'search',
  'timeZone',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly out?: z.ZodType;
  readonly entries?: Record<string, string | number>;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The closed list of values a field accepts, through optional/default/preprocess wrappers. */
export function enumValuesOf(schema: z.ZodType): readonly string[] | null {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const def = defOf(current);
    if (def.type === 'enum') return Object.values(def.entries ?? {}).map(String);
    if (def.type === 'pipe') current = def.out;
    else current = def.innerType;
  }
  return null;
}

/** The object shape of a request schema (empty for a schema that is not an object). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

/**
 * Reads which filters, sort columns and time zone a list call's request takes; its tabs choose
 * `tabField` (`status` unless the screen names another field of the call, such as `class`).
 */
export function filterSetOf(schema: z.ZodType, tabField = 'status'): FilterSet {
  const shape = shapeOf(schema);
  const has = (key: string) => key in shape;
  const tabs = shape[tabField];
  return {
    // The tab field first, as the bar shows it; a `status` the tabs do not choose is no filter.
    urlKeys: [tabField, ...FILTER_KEYS.filter((key) => key !== 'status')].filter(has),
    dateRange: has('from') && has('to'),
    tabField,
    statuses: tabs ? (enumValuesOf(tabs) ?? []) : null,
    currency: has('currency'),
    currencyRequired: has('currency') && !shape.currency!.safeParse(undefined).success,
    gateway: has('gatewayCode'),
    reseller: has('resellerDbCode'),
    merchant: has('merchantDbCode'),
    amountRange: has('amountMin') && has('amountMax'),
    routedBy: has('routedBy'),
    search: has('search'),
    timeZone: has('timeZone'),
    sortColumns: has('sort') ? (enumValuesOf(shape.sort!) ?? []) : [],
  };
}
