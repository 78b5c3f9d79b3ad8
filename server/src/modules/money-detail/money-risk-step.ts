import {
  canonicalJson,
  type AccountType,
  type RiskOwnerScope,
  type TimelineRisk,
} from '@bo/contract';
import { ownerScopeOf } from '../risk/risk-scope';
import type { RiskMatchRecord } from './money-detail.queries';

/**
 * Whether a viewer may see a rule of this owner on an item in its scope: an admin every rule; a
 * reseller its own and its merchants'; a merchant its own. Any other is shown by its owner only.
 */
const mayReadRule = (viewer: AccountType, owner: RiskOwnerScope) =>
  viewer === 'admin' || owner === 'merchant' || (owner === 'reseller' && viewer === 'reseller');

/**
 * The item's risk decision as the viewer may see it (docs/risk.md, "Timeline"): every match for
 * an admin; to a merchant or reseller a rule outside its scope only as its owner and action
 * ("held by the platform"), and such a rule's shadow matches not at all. Null when there is
 * no decision, or nothing of it is left for the viewer.
 */
export function viewRiskDecision(
  rows: readonly RiskMatchRecord[],
  viewer: AccountType,
): (TimelineRisk & { at: Date }) | null {
  const first = rows[0];
  if (!first) return null;
  const kept = rows.filter((r) => r.rule_id !== null && r.mode && r.action);
  const matches = kept.flatMap((r): TimelineRisk['matches'] => {
    const owner = ownerScopeOf(r);
    const readable = mayReadRule(viewer, owner);
    if (!readable && r.mode === 'shadow') return [];
    const base = { owner_scope: owner, mode: r.mode!, action: r.action!, exempt: !!r.exempt };
    if (!readable) return [{ ...base, rule: null }];
    return [
      {
        ...base,
        rule: {
          id: r.rule_id!,
          name: r.name ?? '',
          version: r.rule_version!,
          definition: r.definition === null ? '' : canonicalJson(r.definition),
          error: !!r.error,
          seen: r.seen ?? {},
        },
      },
    ];
  });
  if (!matches.length) return null;
  return {
    at: first.decided_at,
    outcome: first.outcome,
    min_approvals: first.min_approvals,
    matches,
  };
}
