import {
  RISK_OWNER_SCOPES,
  rulePathText,
  type Condition,
  type ConditionType,
  type RiskAction,
} from '@bo/contract';
import { CONDITIONS } from './conditions';
import { withEarlierItems } from './risk-batch-history';
import type {
  ConditionDef,
  EvaluatedRule,
  IntakeFacts,
  RiskHistory,
  RiskLookups,
  RuleMatch,
  Verdict,
} from './risk-types';

/*
 * The pure evaluation of risk rules at intake (plan §2.1 point 3): no I/O and no clock but each
 * request's `at`, so the same rules, requests and history give the same verdicts.
 */

type Seen = Record<string, string | number | boolean | null>;

/** Whether a condition holds for a request, noting what each condition it ran saw. */
function holds(
  c: Condition,
  path: (string | number)[],
  run: { facts: IntakeFacts; history: RiskHistory; lookups: RiskLookups; seen: Seen },
): boolean {
  if ('all' in c) return c.all.every((x, i) => holds(x, [...path, 'all', i], run));
  if ('any' in c) return c.any.some((x, i) => holds(x, [...path, 'any', i], run));
  if ('not' in c) return !holds(c.not, [...path, 'not'], run);
  const [type, body] = Object.entries(c)[0] as [ConditionType, never];
  const def = CONDITIONS[type] as ConditionDef<ConditionType>;
  const result = def.js(body, run.facts, run.history, run.lookups);
  run.seen[rulePathText([...path, type])] = result.seen ?? null;
  return result.matched;
}

/** Platform 0, reseller 1, merchant 2: an allow lifts rules of its rank and below. */
const rankOf = (rule: EvaluatedRule) => RISK_OWNER_SCOPES.indexOf(rule.owner.scope);

/** Whether a rule watches this request: its kind, and its owner's traffic. */
export function watches(rule: EvaluatedRule, facts: IntakeFacts): boolean {
  if (!rule.definition.kinds.includes(facts.kind)) return false;
  const { owner } = rule;
  if (owner.scope === 'merchant') return owner.merchantId === facts.merchantId;
  if (owner.scope === 'reseller') return owner.resellerId === facts.resellerId;
  return true;
}

interface Hit {
  readonly rule: EvaluatedRule;
  readonly action: RiskAction;
  readonly error: boolean;
  readonly seen: Seen;
}

/** A rule's answer on a request: its action when it holds, its `onError` when it throws. */
function runRule(
  rule: EvaluatedRule,
  facts: IntakeFacts,
  history: RiskHistory,
  lookups: RiskLookups,
): Hit | null {
  const seen: Seen = {};
  try {
    const matched = holds(rule.definition.when, ['when'], { facts, history, lookups, seen });
    return matched ? { rule, action: rule.definition.action.type, error: false, seen } : null;
  } catch {
    return { rule, action: rule.definition.onError, error: true, seen };
  }
}

/** The verdict from one request's hits: block beats review beats allow; shadow changes nothing. */
function verdictOf(hits: readonly Hit[]): Verdict {
  const active = hits.filter((h) => h.rule.mode === 'active');
  // An allow that erred fails open for itself only: it lifts no other rule.
  const allowRanks = active
    .filter((h) => h.action === 'allow' && !h.error)
    .map((h) => rankOf(h.rule));
  const liftedFrom = allowRanks.length ? Math.min(...allowRanks) : Infinity;
  const exempt = (h: Hit) => h.action !== 'allow' && rankOf(h.rule) >= liftedFrom;
  const deciding = active.filter((h) => !exempt(h));
  const outcome: RiskAction = deciding.some((h) => h.action === 'block')
    ? 'block'
    : deciding.some((h) => h.action === 'review')
      ? 'review'
      : 'allow';
  const approvers = deciding
    .filter((h) => h.action === 'review')
    .map((h) =>
      h.rule.definition.action.type === 'review' ? h.rule.definition.action.approvers : 1,
    );
  const matches: RuleMatch[] = hits.map((h) => ({
    ruleId: h.rule.id,
    version: h.rule.version,
    mode: h.rule.mode as 'active' | 'shadow',
    action: h.action,
    error: h.error,
    exempt: exempt(h),
    seen: h.seen,
  }));
  const minApprovals = (outcome === 'review' ? Math.max(1, ...approvers) : 1) as 1 | 2 | 3;
  return { outcome, minApprovals, matches };
}

/** The rules that run, in (scope, id) order: active and shadow; draft and disabled never run. */
export function runningRules(rules: readonly EvaluatedRule[]): EvaluatedRule[] {
  return rules
    .filter((r) => r.mode === 'active' || r.mode === 'shadow')
    .sort((a, b) => rankOf(a) - rankOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The verdict on item `i` of a batch, its history counting the batch's earlier items, so a
 * batch decides as the same requests one by one would. `running` is `runningRules`' answer.
 */
export function evaluateItem(
  running: readonly EvaluatedRule[],
  facts: readonly IntakeFacts[],
  i: number,
  history: RiskHistory,
  lookups: RiskLookups,
): Verdict {
  const item = facts[i]!;
  const itemHistory = withEarlierItems(history, facts.slice(0, i));
  const hits = running
    .filter((rule) => watches(rule, item))
    .map((rule) => runRule(rule, item, itemHistory, lookups))
    .filter((hit): hit is Hit => hit !== null);
  return verdictOf(hits);
}

/**
 * The verdict on each item of a batch, in order. Rules run in (scope, id) order; draft and
 * disabled rules never run. Each item's history counts the batch's earlier items, so a batch
 * decides as the same requests one by one would.
 */
export function evaluateRules(
  rules: readonly EvaluatedRule[],
  facts: readonly IntakeFacts[],
  history: RiskHistory,
  lookups: RiskLookups,
): Verdict[] {
  const running = runningRules(rules);
  return facts.map((_, i) => evaluateItem(running, facts, i, history, lookups));
}
