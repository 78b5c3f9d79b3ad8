import { walkConditions, type ConditionType } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { CONDITIONS } from './conditions';
import { riskValueHash } from './list-matchers';
import {
  readFirstSeen,
  readOutcomes,
  readVelocities,
  type FirstSeenQuery,
  type OutcomeQuery,
  type ValueHash,
} from './risk-history.queries';
import type {
  ConditionDef,
  EvaluatedRule,
  IntakeFacts,
  OutcomeCounts,
  RiskHistory,
  RiskLookups,
  VelocityQuery,
} from './risk-types';

/** The conditions that read history: what intake must load before the rules run. */
const HISTORY_CONDITIONS: ReadonlySet<ConditionType> = new Set([
  'velocity',
  'firstSeen',
  'history',
]);

/** Each rule definition's leaves, walked once (a rule is asked about for every request). */
const leavesByDefinition = new WeakMap<object, [ConditionType, unknown][]>();

/** The leaves of a rule's condition tree (every one, whatever its groups would short-circuit). */
function leavesOf(rule: EvaluatedRule): [ConditionType, unknown][] {
  let leaves = leavesByDefinition.get(rule.definition);
  if (leaves) return leaves;
  leaves = [];
  walkConditions(rule.definition.when, (leaf) => {
    leaves!.push(Object.entries(leaf)[0] as [ConditionType, unknown]);
  });
  leavesByDefinition.set(rule.definition, leaves);
  return leaves;
}

/**
 * Whether a rule reads history at all (most do not: then intake reads nothing), leaving out the
 * leaves `answered` says are read already (a backtest's velocity in bulk).
 */
export const readsHistory = (
  rule: EvaluatedRule,
  answered: (type: ConditionType, body: unknown) => boolean = () => false,
): boolean =>
  leavesOf(rule).some(([type, body]) => HISTORY_CONDITIONS.has(type) && !answered(type, body));

/** The history questions of a batch, each asked once. */
export interface HistoryQuestions {
  readonly velocity: VelocityQuery[];
  readonly firstSeen: FirstSeenQuery[];
  readonly outcomes: OutcomeQuery[];
}

const velocityKey = (q: VelocityQuery) =>
  JSON.stringify([
    q.measure,
    q.key,
    q.value,
    q.at.getTime(),
    q.minutes,
    q.scope,
    q.merchantId,
    q.kinds ?? null,
    q.currency ?? null,
  ]);
const firstSeenKey = (key: string, value: string, at: Date) =>
  JSON.stringify([key, value, at.getTime()]);
const outcomeKey = (customerId: string, merchantId: string, days: number, at: Date) =>
  JSON.stringify([customerId, merchantId, days, at.getTime()]);

/**
 * The questions the history conditions of `rules` ask about `items`: each such leaf's own JS
 * half is run against a recorder (every leaf, whatever its group would short-circuit), so the
 * questions are exactly the ones the evaluation will ask, built by the same code.
 */
export function historyQuestionsOf(
  pairs: readonly { readonly rule: EvaluatedRule; readonly facts: IntakeFacts }[],
  lookups: RiskLookups,
): HistoryQuestions {
  const velocity = new Map<string, VelocityQuery>();
  const firstSeen = new Map<string, FirstSeenQuery>();
  const outcomes = new Map<string, OutcomeQuery>();
  const recorder: RiskHistory = {
    velocity(q) {
      velocity.set(velocityKey(q), q);
      return 0n;
    },
    firstSeen(key, value, at) {
      firstSeen.set(firstSeenKey(key, value, at), { key, value, at });
      return null;
    },
    outcomes(customerId, merchantId, days, at) {
      outcomes.set(outcomeKey(customerId, merchantId, days, at), {
        customerId,
        merchantId,
        days,
        at,
      });
      return { payins: 0, failed: 0, refunded: 0, disputed: 0 };
    },
  };
  for (const { rule, facts } of pairs)
    for (const [type, body] of leavesOf(rule)) {
      if (!HISTORY_CONDITIONS.has(type)) continue;
      try {
        (CONDITIONS[type] as ConditionDef<ConditionType>).js(
          body as never,
          facts,
          recorder,
          lookups,
        );
      } catch {
        // A leaf that cannot even ask (bad data) fails again in the evaluation: its rule's onError.
      }
    }
  return {
    velocity: [...velocity.values()],
    firstSeen: [...firstSeen.values()],
    outcomes: [...outcomes.values()],
  };
}

/**
 * `hashOf` with each key's value hashed once: a batch asks several questions of one value (a
 * customer's windows), and a SHA-256 costs more than the map.
 */
function hashedOnce(hashOf: ValueHash): ValueHash {
  const hashes = new Map<string, bigint>();
  return (key, value) => {
    const id = `${key}:${value}`;
    let hash = hashes.get(id);
    if (hash === undefined) hashes.set(id, (hash = hashOf(key, value)));
    return hash;
  };
}

/**
 * Reads the answers to `questions` from the facts (a few statements, one per key type asked)
 * and serves them as the history the rules read. A question not read (none should be) throws:
 * its rule then takes its onError, never a wrong answer.
 */
export async function readRiskHistory(
  db: Queryable,
  questions: HistoryQuestions,
  hashOf?: ValueHash,
): Promise<RiskHistory> {
  const hash = hashedOnce(hashOf ?? riskValueHash);
  const [velocities, firsts, outcomes] = [
    await readVelocities(db, questions.velocity, hash),
    await readFirstSeen(db, questions.firstSeen, hash),
    await readOutcomes(db, questions.outcomes, hash),
  ];
  const v = new Map(questions.velocity.map((q, i) => [velocityKey(q), velocities[i]!]));
  const f = new Map(
    questions.firstSeen.map((q, i) => [firstSeenKey(q.key, q.value, q.at), firsts[i] ?? null]),
  );
  const o = new Map<string, OutcomeCounts>(
    questions.outcomes.map((q, i) => [
      outcomeKey(q.customerId, q.merchantId, q.days, q.at),
      outcomes[i]!,
    ]),
  );
  const answer = <T>(map: Map<string, T>, key: string): T => {
    if (!map.has(key)) throw new Error('a history question was not read ahead');
    return map.get(key)!;
  };
  return {
    velocity: (q) => answer(v, velocityKey(q)),
    firstSeen: (key, value, at) => answer(f, firstSeenKey(key, value, at)),
    outcomes: (customerId, merchantId, days, at) =>
      answer(o, outcomeKey(customerId, merchantId, days, at)),
  };
}

/** The history of a batch no history rule watches: nothing is read, nothing may be asked. */
export const NO_HISTORY: RiskHistory = {
  velocity: () => {
    throw new Error('no history was read');
  },
  firstSeen: () => {
    throw new Error('no history was read');
  },
  outcomes: () => {
    throw new Error('no history was read');
  },
};
