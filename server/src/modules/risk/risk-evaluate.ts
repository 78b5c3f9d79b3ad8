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

/** What a condition reads as it runs, and where it notes what each leaf saw. */
interface Run {
  readonly facts: IntakeFacts;
  readonly history: RiskHistory;
  readonly lookups: RiskLookups;
  readonly seen: Seen;
}

/** A condition made ready to run: whether it holds, noting what each leaf it ran saw. */
type Holds = (run: Run) => boolean;

/** A condition tree as its function, made once: `path` is where it sits in its rule. */
function compile(c: Condition, path: (string | number)[]): Holds {
  if ('all' in c) {
    const parts = c.all.map((x, i) => compile(x, [...path, 'all', i]));
    return (run) => parts.every((part) => part(run));
  }
  if ('any' in c) {
    const parts = c.any.map((x, i) => compile(x, [...path, 'any', i]));
    return (run) => parts.some((part) => part(run));
  }
  if ('not' in c) {
    const inner = compile(c.not, [...path, 'not']);
    return (run) => !inner(run);
  }
  const [type, body] = Object.entries(c)[0] as [ConditionType, never];
  const def = CONDITIONS[type] as ConditionDef<ConditionType>;
  const seenAt = rulePathText([...path, type]);
  return (run) => {
    const result = def.js(body, run.facts, run.history, run.lookups);
    run.seen[seenAt] = result.seen ?? null;
    return result.matched;
  };
}

/**
 * Each rule's condition as its function, by its definition: a rule runs for every request it
 * watches, and walking its tree each time was most of the evaluation's own cost
 * (`npm run bench:risk-eval`). A reloaded rule is a new definition, compiled anew.
 */
const compiled = new WeakMap<object, Holds>();
function holdsOf(rule: EvaluatedRule): Holds {
  let holds = compiled.get(rule.definition);
  if (!holds) compiled.set(rule.definition, (holds = compile(rule.definition.when, ['when'])));
  return holds;
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
    const matched = holdsOf(rule)({ facts, history, lookups, seen });
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
 * One rule's answer on one request, as `evaluateItem` reaches it (watched, then run): its action
 * when it holds, its `onError` when it throws; null when it does not watch or hold. A backtest
 * decides each of millions of requests of one rule by it, without a verdict's arrays.
 */
export function ruleAnswerOf(
  rule: EvaluatedRule,
  facts: IntakeFacts,
  history: RiskHistory,
  lookups: RiskLookups,
): { readonly action: RiskAction; readonly error: boolean } | null {
  return watches(rule, facts) ? runRule(rule, facts, history, lookups) : null;
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

/** A condition on the request alone, as its function: what a routing rule's `when` is (issue 43). */
export type RequestCondition = (facts: IntakeFacts, lookups: RiskLookups) => boolean;

const noHistory: RiskHistory = {
  velocity: () => {
    throw new Error('a request condition reads no history');
  },
  firstSeen: () => {
    throw new Error('a request condition reads no history');
  },
  outcomes: () => {
    throw new Error('a request condition reads no history');
  },
};
const compiledRequests = new WeakMap<object, RequestCondition>();

/**
 * A condition tree that reads only the request (amount, currency, account, time of day) as its
 * function, made once per tree: routing's rules run through the conditions risk rules do, so a
 * condition means the same in both. A condition that reads history throws when it runs.
 */
export function requestConditionOf(when: Condition): RequestCondition {
  let condition = compiledRequests.get(when);
  if (!condition) {
    const holds = compile(when, ['when']);
    condition = (facts, lookups) => holds({ facts, lookups, history: noHistory, seen: {} });
    compiledRequests.set(when, condition);
  }
  return condition;
}
