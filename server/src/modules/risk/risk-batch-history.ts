import { keyValueOf, type IntakeFacts, type RiskHistory } from './risk-types';
import { velocityShareOf } from './conditions/velocity';

/**
 * A batch item's history: the batch's history plus the items before it in the batch, so a batch
 * decides as the same requests one by one would (their velocity and first-seen; an earlier item
 * has no outcome yet).
 */
export function withEarlierItems(
  history: RiskHistory,
  earlier: readonly IntakeFacts[],
): RiskHistory {
  if (!earlier.length) return history;
  return {
    velocity: (q) =>
      earlier.reduce((total, facts) => total + velocityShareOf(q, facts), history.velocity(q)),
    firstSeen(key, value, at) {
      let first = history.firstSeen(key, value, at);
      for (const facts of earlier)
        if (keyValueOf(facts, key) === value && facts.at <= at && (!first || facts.at < first))
          first = facts.at;
      return first;
    },
    outcomes: (customerId, merchantId, days, at) =>
      history.outcomes(customerId, merchantId, days, at),
  };
}
