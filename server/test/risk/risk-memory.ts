import { readRuleDefinition, type RiskOwnerScope, type RiskRuleMode } from '@bo/contract';
import { velocityShareOf } from '../../src/modules/risk/conditions/velocity';
import {
  keyValueOf,
  type EvaluatedRule,
  type IntakeFacts,
  type OutcomeCounts,
  type RiskHistory,
  type RiskLookups,
} from '../../src/modules/risk/risk-types';

/** Pure evaluation's test world: history and lookups from memory. */

export const MERCHANT_ID = '00000000-0000-4000-8000-000000000001';
export const OTHER_MERCHANT_ID = '00000000-0000-4000-8000-000000000002';
export const RESELLER_ID = '00000000-0000-4000-8000-0000000000a1';
export const LIST_ID = '00000000-0000-4000-8000-0000000000f1';

export const facts = (more: Partial<IntakeFacts> = {}): IntakeFacts => ({
  kind: 'payout',
  merchantId: MERCHANT_ID,
  resellerId: RESELLER_ID,
  amount: 6_000_000n,
  currency: 'THB',
  orderId: 'order-1',
  at: new Date('2026-12-03T05:00:00Z'),
  ...more,
});

/** A history of earlier requests, and each customer's outcomes. */
export function memoryHistory(
  earlier: readonly IntakeFacts[] = [],
  outcomes: Record<string, OutcomeCounts> = {},
): RiskHistory {
  return {
    velocity: (q) => earlier.reduce((sum, f) => sum + velocityShareOf(q, f), 0n),
    firstSeen(key, value, at) {
      const seen = earlier
        .filter((f) => keyValueOf(f, key) === value && f.at < at)
        .map((f) => f.at.getTime());
      return seen.length ? new Date(Math.min(...seen)) : null;
    },
    outcomes: (customerId) =>
      outcomes[customerId] ?? { payins: 0, failed: 0, refunded: 0, disputed: 0 },
  };
}

/** A history whose reads fail (the read timed out). */
export const failingHistory: RiskHistory = {
  velocity: () => {
    throw new Error('history read timed out');
  },
  firstSeen: () => {
    throw new Error('history read timed out');
  },
  outcomes: () => {
    throw new Error('history read timed out');
  },
};

export const lookups = (
  listed: Record<string, string[]> = {},
  zone = 'Asia/Bangkok',
): RiskLookups => ({
  lists: { matches: (listId, _key, value) => (listed[listId] ?? []).includes(value) },
  zoneOf: () => zone,
  accountIdOf: (code) =>
    ({ MER00001: MERCHANT_ID, MER00002: OTHER_MERCHANT_ID, RES00001: RESELLER_ID })[code] ?? null,
});

let sequence = 0;
/** A rule from a definition as written (refused definitions fail the test). */
export function rule(
  definition: unknown,
  options: { scope?: RiskOwnerScope; mode?: RiskRuleMode; id?: string } = {},
): EvaluatedRule {
  const read = readRuleDefinition(definition);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  const scope = options.scope ?? 'platform';
  return {
    id: options.id ?? `00000000-0000-4000-9000-${String(++sequence).padStart(12, '0')}`,
    version: 1,
    mode: options.mode ?? 'active',
    owner: {
      scope,
      merchantId: scope === 'merchant' ? MERCHANT_ID : null,
      resellerId: scope === 'platform' ? null : RESELLER_ID,
    },
    definition: read.definition,
  };
}
