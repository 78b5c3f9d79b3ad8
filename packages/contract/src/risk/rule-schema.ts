import { z } from 'zod';
import { AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE, isCurrencyCode, readAmount } from '../money';
import { RISK_ACTIONS, RISK_KEY_TYPES, RISK_RULE_KINDS, type RiskAction } from './vocabulary';

/**
 * A risk rule's definition (issue 42; docs/risk.md, "Rules"): a structured form, a JSON tree of
 * a closed set of conditions, not an expression language. Every refusal has a path naming the
 * part (`when.all[1].firstSeen.since`, `rulePathText`), which the server sends as `data.field`.
 */

/** The most nested groups (`all`/`any`/`not`) a rule's `when` may hold, and its most conditions. */
export const RULE_LIMITS = {
  depth: 4,
  leaves: 20,
  windowDays: 30,
  historyDays: 90,
  firstSeenDays: 90,
  listItems: 50,
  velocityCount: 1_000_000,
  approvers: 3,
} as const;

export const RULE_COMPARISONS = ['gt', 'gte', 'lt', 'lte'] as const;
export type RuleComparison = (typeof RULE_COMPARISONS)[number];
export const AMOUNT_OPS = [...RULE_COMPARISONS, 'between'] as const;
export type AmountOp = (typeof AMOUNT_OPS)[number];
export const VELOCITY_MEASURES = ['count', 'sum'] as const;
export const VELOCITY_SCOPES = ['merchant', 'platform'] as const;
export type VelocityScope = (typeof VELOCITY_SCOPES)[number];
export const HISTORY_SHARES = ['failed', 'refunded', 'disputed'] as const;
/** The keys a velocity or first-seen condition counts by: any list key but an order id. */
export const HISTORY_KEY_TYPES = RISK_KEY_TYPES.filter((k) => k !== 'order_id');
export type HistoryKeyType = (typeof HISTORY_KEY_TYPES)[number];
/** The groups joining conditions, and the condition types (one file each on the server). */
export const RULE_GROUPS = ['all', 'any', 'not'] as const;
export const CONDITION_TYPES = [
  'amount',
  'currency',
  'account',
  'inList',
  'velocity',
  'history',
  'firstSeen',
  'timeOfDay',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });
/** A whole number from `min` to `max`, each bound named when crossed (rules' and routing profiles'). */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const currencyCode = z
  .string({ error: 'must be a currency code' })
  .refine(isCurrencyCode, 'must be a currency code the product knows');
const amountValue = z.string({ error: 'is required' }).regex(AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE);
const accountCode = z
  .string({ error: 'must be an account code' })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be an account code such as MER00001');
const uniqueList = <T extends z.ZodType>(item: T, max: number = RULE_LIMITS.listItems) =>
  z
    .array(item)
    .min(1, 'must name at least one')
    .max(max, `must name at most ${max}`)
    .refine((v) => new Set(v.map((x) => JSON.stringify(x))).size === v.length, 'must not repeat');

export type RuleSpan = { minutes: number } | { hours: number } | { days: number };

/** Exactly one of minutes, hours or days, a whole number, at most `maxDays` in all. */
const spanOf = (maxDays: number) =>
  z
    .strictObject({
      minutes: wholeNumber(1, maxDays * 1440).optional(),
      hours: wholeNumber(1, maxDays * 24).optional(),
      days: wholeNumber(1, maxDays).optional(),
    })
    .refine((w) => Object.keys(w).length === 1, 'must give one of minutes, hours or days')
    .transform((w) => w as RuleSpan);

/** A span in minutes. */
export const spanMinutes = (s: RuleSpan): number =>
  'minutes' in s ? s.minutes : 'hours' in s ? s.hours * 60 : s.days * 1440;

const amountCondition = z
  .strictObject({
    currency: currencyCode,
    op: choice(AMOUNT_OPS),
    value: amountValue,
    to: amountValue.optional(),
  })
  .superRefine((c, ctx) => {
    for (const part of ['value', 'to'] as const) {
      const text = c[part];
      if (text === undefined || !isCurrencyCode(c.currency)) continue;
      const read = readAmount(text, c.currency);
      if (!read.ok) ctx.addIssue({ code: 'custom', path: [part], message: read.message });
    }
    if (c.op === 'between' && c.to === undefined)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required with between' });
    if (c.op !== 'between' && c.to !== undefined)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'is only for between' });
    if (c.op === 'between' && c.to !== undefined && isCurrencyCode(c.currency)) {
      const [from, to] = [readAmount(c.value, c.currency), readAmount(c.to, c.currency)];
      if (from.ok && to.ok && to.minor < from.minor)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be below value' });
    }
  });

const accountCondition = z
  .strictObject({
    merchants: uniqueList(accountCode).optional(),
    resellers: uniqueList(accountCode).optional(),
  })
  .refine((c) => c.merchants || c.resellers, 'must name merchants or resellers');

const velocityCondition = z
  .strictObject({
    measure: choice(VELOCITY_MEASURES),
    key: choice(HISTORY_KEY_TYPES as unknown as readonly [HistoryKeyType, ...HistoryKeyType[]]),
    window: spanOf(RULE_LIMITS.windowDays),
    scope: choice(VELOCITY_SCOPES),
    kinds: uniqueList(choice(RISK_RULE_KINDS), RISK_RULE_KINDS.length).optional(),
    currency: currencyCode.optional(),
    op: choice(RULE_COMPARISONS),
    value: z.string({ error: 'is required' }),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.measure === 'count') {
      if (c.currency !== undefined) issue('currency', 'is only for a sum');
      if (!/^\d{1,7}$/.test(c.value) || Number(c.value) > RULE_LIMITS.velocityCount)
        issue('value', `must be a whole number up to ${RULE_LIMITS.velocityCount}`);
      return;
    }
    if (c.currency === undefined) return issue('currency', 'is required for a sum');
    if (!isCurrencyCode(c.currency)) return;
    const read = readAmount(c.value, c.currency);
    if (!read.ok) issue('value', read.message);
  });

const historyCondition = z.strictObject({
  share: choice(HISTORY_SHARES),
  days: wholeNumber(1, RULE_LIMITS.historyDays),
  minPayins: wholeNumber(1, 100_000),
  op: choice(RULE_COMPARISONS),
  percent: z
    .number({ error: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100'),
});

const firstSeenCondition = z.strictObject({
  key: choice(HISTORY_KEY_TYPES as unknown as readonly [HistoryKeyType, ...HistoryKeyType[]]),
  since: z.union([z.literal('today'), spanOf(RULE_LIMITS.firstSeenDays)], {
    error: `must be "today" or one of hours or days, at most ${RULE_LIMITS.firstSeenDays} days`,
  }),
});

const clockTime = z
  .string({ error: 'must be a time HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM from 00:00 to 23:59');
const timeOfDayCondition = z
  .strictObject({ from: clockTime, to: clockTime })
  .refine((c) => c.from !== c.to, { path: ['to'], message: 'must differ from from' });

/** The schema of each condition type (the server's `conditions/<type>.ts` adds its checks). */
export const CONDITION_SCHEMAS = {
  amount: amountCondition,
  currency: z.strictObject({ in: uniqueList(currencyCode) }),
  account: accountCondition,
  inList: z.strictObject({
    list: z.uuid({ error: 'must be a list id' }),
    key: choice(RISK_KEY_TYPES),
  }),
  velocity: velocityCondition,
  history: historyCondition,
  firstSeen: firstSeenCondition,
  timeOfDay: timeOfDayCondition,
} satisfies Record<ConditionType, z.ZodType>;

export type ConditionOf<T extends ConditionType> = z.output<(typeof CONDITION_SCHEMAS)[T]>;
export type LeafCondition = { [T in ConditionType]: { [K in T]: ConditionOf<T> } }[ConditionType];
export type Condition =
  { all: Condition[] } | { any: Condition[] } | { not: Condition } | LeafCondition;

/**
 * One condition: an object with exactly one part, a group or a condition type. Read as one
 * object of optional parts (not a zod union), so a refusal keeps the path of the part. A
 * routing profile's rules read conditions through it too (`routing/profile-schema.ts`).
 */
export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z
    .strictObject(
      {
        all: z.array(conditionSchema).min(1, 'must hold at least one condition').optional(),
        any: z.array(conditionSchema).min(1, 'must hold at least one condition').optional(),
        not: conditionSchema.optional(),
        ...(Object.fromEntries(
          CONDITION_TYPES.map((t) => [t, CONDITION_SCHEMAS[t].optional()]),
        ) as { [T in ConditionType]: z.ZodOptional<(typeof CONDITION_SCHEMAS)[T]> }),
      },
      { error: 'must be an object with one of all, any, not or a condition type' },
    )
    .refine(
      (c) => Object.keys(c).length === 1,
      `must have exactly one of ${[...RULE_GROUPS, ...CONDITION_TYPES].join(', ')}`,
    )
    .transform((c) => c as Condition),
);

/** Each leaf of `when` with its path, and each group too deep, walking the tree once. */
export function walkConditions(
  c: Condition,
  visit: (leaf: LeafCondition, path: (string | number)[], depth: number) => void,
  path: (string | number)[] = ['when'],
  depth = 0,
): void {
  if ('all' in c) c.all.forEach((x, i) => walkConditions(x, visit, [...path, 'all', i], depth + 1));
  else if ('any' in c)
    c.any.forEach((x, i) => walkConditions(x, visit, [...path, 'any', i], depth + 1));
  else if ('not' in c) walkConditions(c.not, visit, [...path, 'not'], depth + 1);
  else visit(c, path, depth);
}

/** The deepest group nesting under `c` and the path of the first group past the limit. */
function tooDeep(
  c: Condition,
  path: (string | number)[],
  depth: number,
): (string | number)[] | null {
  const isGroup = 'all' in c || 'any' in c || 'not' in c;
  if (!isGroup) return null;
  if (depth >= RULE_LIMITS.depth) return path;
  const children: [Condition, (string | number)[]][] =
    'all' in c
      ? c.all.map((x, i) => [x, [...path, 'all', i]])
      : 'any' in c
        ? c.any.map((x, i) => [x, [...path, 'any', i]])
        : [[c.not, [...path, 'not']]];
  for (const [child, at] of children) {
    const found = tooDeep(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

export type RuleActionDef =
  { type: 'allow' } | { type: 'review'; approvers: 1 | 2 | 3 } | { type: 'block' };

const actionSchema = z
  .strictObject({
    type: choice(RISK_ACTIONS),
    approvers: wholeNumber(1, RULE_LIMITS.approvers).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.type !== 'review' && a.approvers !== undefined)
      ctx.addIssue({ code: 'custom', path: ['approvers'], message: 'is only for review' });
  })
  .transform((a): RuleActionDef =>
    a.type === 'review'
      ? { type: 'review', approvers: (a.approvers ?? 1) as 1 | 2 | 3 }
      : { type: a.type },
  );

/** A rule's definition as saved: defaults filled (`onError` review, one approver). */
export const ruleDefinitionSchema = z
  .strictObject({
    kinds: uniqueList(choice(RISK_RULE_KINDS), RISK_RULE_KINDS.length),
    when: conditionSchema,
    action: actionSchema,
    onError: choice(RISK_ACTIONS).default('review'),
  })
  .superRefine((d, ctx) => {
    const deep = tooDeep(d.when, ['when'], 0);
    if (deep)
      ctx.addIssue({
        code: 'custom',
        path: deep,
        message: `must nest at most ${RULE_LIMITS.depth} groups deep`,
      });
    let leaves = 0;
    walkConditions(d.when, () => (leaves += 1));
    if (leaves > RULE_LIMITS.leaves)
      ctx.addIssue({
        code: 'custom',
        path: ['when'],
        message: `must hold at most ${RULE_LIMITS.leaves} conditions`,
      });
  });

export type RuleDefinition = z.output<typeof ruleDefinitionSchema>;
/** A definition as written (before defaults): `onError` and `approvers` may be left out. */
export type RuleDefinitionInput = z.input<typeof ruleDefinitionSchema>;
export type { RiskAction };
