import { readOrElse, type Queryable } from '../../db/db';
import { joinWrites, type Writes } from '../../db/writes';
import { canonicalFacts } from './canonical-facts';
import { riskDecisionWrites } from './risk-decisions';
import { recordRiskEvaluation } from '../../http/metrics';
import { evaluateItem, runningRules, watches } from './risk-evaluate';
import { riskFactWrites } from './risk-facts';
import { historyQuestionsOf, NO_HISTORY, readRiskHistory, readsHistory } from './risk-history';
import type { RiskContext } from './risk-context';
import type { IntakeFacts, RiskHistory, Verdict } from './risk-types';

/** No rule watched the item: it goes on, and nothing but its fact is written. */
const UNWATCHED: Verdict = { outcome: 'allow', minApprovals: 1, matches: [] };

/** A decided request: its facts with each key canonical (as kept), and the verdict on it. */
export interface IntakeDecision {
  readonly facts: IntakeFacts;
  readonly verdict: Verdict;
}

/**
 * The one decision of risk controls at intake (issue 42; docs/risk.md), for a batch of new
 * requests in their order: allow, review (held, with how many reviewers) or block. Reads
 * nothing when no rule watches the batch, and history only for the rules that read it, in a
 * few statements for the whole batch on `q` (the caller's transaction, or the database). Never
 * throws because of a rule: a history read that fails makes each rule that reads history take
 * its `onError`. Each item of a watched batch is timed (`risk_eval_seconds` on /metrics): the
 * batch's preparation and history read, plus its own evaluation.
 */
export async function decideIntake(
  q: Queryable,
  context: RiskContext,
  requests: readonly IntakeFacts[],
): Promise<IntakeDecision[]> {
  const started = performance.now();
  const items = requests.map(canonicalFacts);
  const pairs = items.flatMap((facts) =>
    context.rules.filter((rule) => watches(rule, facts)).map((rule) => ({ rule, facts })),
  );
  if (!pairs.length) return items.map((facts) => ({ facts, verdict: UNWATCHED }));
  await context.ensureZones(
    q,
    items.map((i) => i.merchantId),
  );
  let history: RiskHistory = NO_HISTORY;
  const reading = pairs.filter(({ rule }) => readsHistory(rule));
  // A failed read must not abort the caller's transaction: readOrElse reads behind a savepoint.
  if (reading.length)
    history = await readOrElse(
      q,
      (guarded) => readRiskHistory(guarded, historyQuestionsOf(reading, context.lookups)),
      () => NO_HISTORY,
    );
  const readMs = performance.now() - started;
  const running = runningRules(context.rules);
  return items.map((facts, i) => {
    const from = performance.now();
    const verdict = evaluateItem(running, items, i, history, context.lookups);
    recordRiskEvaluation((readMs + performance.now() - from) / 1000);
    return { facts, verdict };
  });
}

/**
 * What intake keeps of a decided batch, to join the statement or transaction creating its
 * items (`refIds`, in the batch's order): a fact per item, always (velocity, first-seen and
 * backtests read them), and the decision with its matches for each item a rule matched.
 */
export function intakeWrites(
  decided: readonly IntakeDecision[],
  refIds: readonly string[],
): Writes | null {
  return joinWrites(
    riskFactWrites(decided.map(({ facts }, i) => ({ facts, refId: refIds[i]! }))),
    riskDecisionWrites(
      decided.map(({ facts, verdict }, i) => ({
        kind: facts.kind,
        refId: refIds[i]!,
        merchantId: facts.merchantId,
        resellerId: facts.resellerId,
        at: facts.at,
        verdict,
      })),
    ),
  );
}
