import {
  describeCondition,
  formatMoney,
  readRuleDefinition,
  seenConditions,
  type LeafCondition,
  type SeenValue,
  type TimezoneChoice,
} from '@bo/contract';
import { formatInTimeZone } from '../../lib/time-zone';
import { partText, type SayFunction } from './rule-summary';

/** One condition of a matched rule in the reader's words, with what it saw. */
export interface SeenLine {
  readonly path: string;
  readonly condition: string;
  /** The value it saw, as data (shown after "saw", isolated); null when there is none to show. */
  readonly value: string | null;
  /** Words in place of a value ("not seen before", "no value"); null when there is a value. */
  readonly note: string | null;
}

type Said = Pick<SeenLine, 'value' | 'note'>;

/** An amount as a condition kept it (`60000.00`), grouped as amounts are shown, its currency after. */
const withCurrency = (value: string, currency: string | undefined) =>
  /^-?\d+(\.\d+)?$/.test(value) && currency ? `${formatMoney(value, currency)} ${currency}` : value;

/** What one condition saw, readably: amounts with their currency, shares in %, times in the zone. */
function valueText(
  say: SayFunction,
  condition: LeafCondition | null,
  value: SeenValue,
  timeZone: TimezoneChoice,
): Said {
  const note = (key: string): Said => ({ value: null, note: say(`riskRules.decision.${key}`) });
  const seen = (text: string): Said => ({ value: text, note: null });
  // An account condition keeps nothing: the rule names the accounts.
  if (condition && 'account' in condition) return { value: null, note: null };
  if (condition && 'firstSeen' in condition)
    return typeof value === 'string'
      ? seen(formatInTimeZone(new Date(value), timeZone))
      : note('neverSeen');
  if (value === null) return note('noValue');
  if (typeof value !== 'string')
    return seen(condition && 'history' in condition ? `${value} %` : String(value));
  if (condition && 'amount' in condition)
    return seen(withCurrency(value, condition.amount.currency));
  if (condition && 'velocity' in condition)
    return seen(withCurrency(value, condition.velocity.currency));
  return seen(value);
}

/**
 * Each condition a matched rule evaluated, in the rule's order, as the rule's summary words it
 * (`describeCondition`), with the value it saw; a value kept under a path the version does not
 * have is shown by its path. Needs the `riskRules` words.
 */
export function seenLines(
  say: SayFunction,
  definition: string,
  seen: Readonly<Record<string, SeenValue>>,
  timeZone: TimezoneChoice,
): SeenLine[] {
  const read = readRuleDefinition(definition);
  return seenConditions(read.ok ? read.definition : null, seen).map((c) => ({
    path: c.path,
    condition: c.condition ? partText(say, describeCondition(c.condition)) : c.path,
    ...valueText(say, c.condition, c.value, timeZone),
  }));
}
