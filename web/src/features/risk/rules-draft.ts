import {
  AMOUNT_OPS,
  CONDITION_TYPES,
  CURRENCIES,
  HISTORY_KEY_TYPES,
  HISTORY_SHARES,
  RISK_KEY_TYPES,
  RULE_COMPARISONS,
  VELOCITY_MEASURES,
  VELOCITY_SCOPES,
  type ConditionType,
  type RiskAction,
  type RiskRuleKind,
  type RuleDefinition,
} from '@bo/contract';

/*
 * The rule editor's form (issue 42): flat conditions joined by all or any, each a type and its
 * fields as text, to and from a definition. A nested tree is edited as JSON instead.
 */

/** How a field is entered: a choice of `values`, a number, text, a time, or a comma list. */
export interface FieldSpec {
  readonly name: string;
  readonly input: 'choice' | 'number' | 'text' | 'time' | 'list';
  readonly values?: readonly string[];
  /** The i18n key of its label (`riskRules.fields.<label>`). */
  readonly label: string;
  /** Not sent when empty. */
  readonly optional?: boolean;
}

const SPAN_UNITS = ['minutes', 'hours', 'days'] as const;
const CURRENCY_CODES = CURRENCIES.map((c) => c.code);
const f = (name: string, input: FieldSpec['input'], values?: readonly string[], label = name) => ({
  name,
  input,
  values,
  label,
});

/** Each condition type's fields, in the order the form shows them. */
export const CONDITION_FIELDS: Record<ConditionType, readonly FieldSpec[]> = {
  amount: [
    f('currency', 'choice', CURRENCY_CODES),
    f('op', 'choice', AMOUNT_OPS),
    f('value', 'text'),
    { ...f('to', 'text'), optional: true },
  ],
  currency: [f('in', 'list', undefined, 'currencies')],
  account: [
    { ...f('merchants', 'list'), optional: true },
    { ...f('resellers', 'list'), optional: true },
  ],
  inList: [f('list', 'text'), f('key', 'choice', RISK_KEY_TYPES)],
  velocity: [
    f('measure', 'choice', VELOCITY_MEASURES),
    f('key', 'choice', HISTORY_KEY_TYPES),
    f('window', 'number'),
    f('unit', 'choice', SPAN_UNITS),
    f('scope', 'choice', VELOCITY_SCOPES),
    { ...f('currency', 'choice', CURRENCY_CODES), optional: true },
    f('op', 'choice', RULE_COMPARISONS),
    f('value', 'text'),
  ],
  history: [
    f('share', 'choice', HISTORY_SHARES),
    f('days', 'number'),
    f('minPayins', 'number'),
    f('op', 'choice', RULE_COMPARISONS),
    f('percent', 'number'),
  ],
  firstSeen: [
    f('key', 'choice', HISTORY_KEY_TYPES),
    f('since', 'choice', ['today', 'hours', 'days']),
    { ...f('sinceValue', 'number', undefined, 'value'), optional: true },
  ],
  timeOfDay: [f('from', 'time'), f('to', 'time', undefined, 'toTime')],
};

export interface ConditionDraft {
  readonly type: ConditionType;
  readonly fields: Readonly<Record<string, string>>;
}

export interface RuleDraft {
  readonly kinds: readonly RiskRuleKind[];
  readonly action: RiskAction;
  readonly approvers: string;
  readonly onError: RiskAction;
  readonly join: 'all' | 'any';
  readonly conditions: readonly ConditionDraft[];
}

/** A new condition of `type`, each choice on its first value. */
export function newCondition(type: ConditionType): ConditionDraft {
  const fields: Record<string, string> = {};
  for (const spec of CONDITION_FIELDS[type])
    fields[spec.name] = spec.input === 'choice' && !spec.optional ? spec.values![0]! : '';
  if (type === 'amount') fields.currency = 'THB';
  return { type, fields };
}

export const NEW_RULE: RuleDraft = {
  kinds: ['payout'],
  action: 'review',
  approvers: '1',
  onError: 'review',
  join: 'all',
  conditions: [newCondition('amount')],
};

const number = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : Number(text);
const listOf = (text: string | undefined) =>
  text === undefined || text.trim() === ''
    ? undefined
    : text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
const text = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;

/** One condition's body in the definition's shape (the server names what is wrong in it). */
function bodyOf({ type, fields: v }: ConditionDraft): Record<string, unknown> {
  switch (type) {
    case 'velocity':
      return {
        measure: v.measure,
        key: v.key,
        window: { [v.unit ?? 'hours']: number(v.window) },
        scope: v.scope,
        currency: text(v.currency),
        op: v.op,
        value: v.value,
      };
    case 'history':
      return {
        ...v,
        days: number(v.days),
        minPayins: number(v.minPayins),
        percent: number(v.percent),
      };
    case 'firstSeen':
      return {
        key: v.key,
        since: v.since === 'today' ? 'today' : { [v.since!]: number(v.sinceValue) },
      };
    case 'currency':
      return { in: listOf(v.in) ?? [] };
    case 'account':
      return { merchants: listOf(v.merchants), resellers: listOf(v.resellers) };
    default:
      return Object.fromEntries(Object.entries(v).map(([k, value]) => [k, text(value)]));
  }
}

/** The definition the form says (not checked: the server's check names each bad part). */
export function definitionOf(d: RuleDraft): Record<string, unknown> {
  return {
    kinds: d.kinds,
    action:
      d.action === 'review'
        ? { type: 'review', approvers: number(d.approvers) }
        : { type: d.action },
    onError: d.onError,
    when: { [d.join]: d.conditions.map((c) => ({ [c.type]: bodyOf(c) })) },
  };
}

/** A condition's fields as the form shows them. */
function fieldsOf(type: ConditionType, body: Record<string, unknown>): Record<string, string> {
  const fields = newCondition(type).fields as Record<string, string>;
  const span = (s: unknown) => Object.entries((s ?? {}) as Record<string, number>)[0];
  for (const [k, v] of Object.entries(body))
    fields[k] = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? '' : String(v);
  if (type === 'velocity')
    [fields.unit = 'hours', fields.window = ''] = (span(body.window) ?? []).map(String);
  if (type === 'firstSeen' && body.since !== 'today')
    [fields.since = 'hours', fields.sinceValue = ''] = (span(body.since) ?? []).map(String);
  return fields;
}

/** The form of a definition, or null when it nests groups (edited as JSON then). */
export function draftOf(d: RuleDefinition): RuleDraft | null {
  const join = 'all' in d.when ? 'all' : 'any' in d.when ? 'any' : null;
  if (!join) return null;
  const items = (d.when as Record<string, Record<string, unknown>[]>)[join]!;
  const conditions: ConditionDraft[] = [];
  for (const item of items) {
    const [type, body] = Object.entries(item)[0] as [string, Record<string, unknown>];
    if (!(CONDITION_TYPES as readonly string[]).includes(type)) return null;
    conditions.push({ type: type as ConditionType, fields: fieldsOf(type as ConditionType, body) });
  }
  return {
    kinds: d.kinds,
    action: d.action.type,
    approvers: d.action.type === 'review' ? String(d.action.approvers) : '1',
    onError: d.onError,
    join,
    conditions,
  };
}
