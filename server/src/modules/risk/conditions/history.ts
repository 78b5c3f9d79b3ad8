import type { ConditionDef } from '../risk-types';
import { compare } from './compare';

/**
 * The share of this customer's (by customer id) pay-ins of the last days that failed, were
 * refunded or were disputed; a customer with fewer than `minPayins` never matches.
 */
export const historyCondition: ConditionDef<'history'> = {
  js(c, facts, history) {
    if (facts.customerId === undefined) return { matched: false, seen: null };
    const counts = history.outcomes(facts.customerId, facts.merchantId, c.days, facts.at);
    if (counts.payins < c.minPayins || counts.payins === 0) return { matched: false, seen: null };
    // Compared in hundredths of a percent, in whole numbers: no rounding decides a match.
    const share = Math.floor((counts[c.share] * 10_000) / counts.payins);
    return {
      matched: compare(share, c.op, Math.round(c.percent * 100)),
      seen: share / 100,
    };
  },
};
