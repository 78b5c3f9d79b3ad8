import { rulePathText } from './rule-reading';
import {
  walkConditions,
  type ConditionType,
  type LeafCondition,
  type RuleDefinition,
} from './rule-schema';

/** A value a condition saw at intake (`risk_matches.seen`): an amount, a count, a key, a time… */
export type SeenValue = string | number | boolean | null;

/** One condition of a matched rule with the value it saw. */
export interface SeenCondition {
  /** Its path in the rule, as the evaluator keeps it: `when.all[1].firstSeen`. */
  readonly path: string;
  /** The condition at that path in the version that matched; null when the version has none. */
  readonly condition: LeafCondition | null;
  readonly type: ConditionType | null;
  readonly value: SeenValue;
}

/**
 * What each condition of a matched rule saw, in the rule's order (the evaluator names each by
 * its path and type: `rulePathText([...path, type])`); a condition the evaluation never reached
 * (a group decided before it) is left out, and a path the version does not have comes last, by
 * itself, so nothing kept is hidden.
 */
export function seenConditions(
  definition: RuleDefinition | null,
  seen: Readonly<Record<string, SeenValue>>,
): SeenCondition[] {
  const found: SeenCondition[] = [];
  const named = new Set<string>();
  if (definition)
    walkConditions(definition.when, (leaf, path) => {
      const type = Object.keys(leaf)[0] as ConditionType;
      const key = rulePathText([...path, type]);
      if (!(key in seen)) return;
      named.add(key);
      found.push({ path: key, condition: leaf, type, value: seen[key] ?? null });
    });
  const rest = Object.keys(seen)
    .filter((key) => !named.has(key))
    .sort()
    .map((key) => ({ path: key, condition: null, type: null, value: seen[key] ?? null }));
  return [...found, ...rest];
}
