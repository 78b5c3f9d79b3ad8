import {
  canonicalJson,
  type AccountType,
  type RiskAction,
  type RiskOwnerScope,
  type SeenValue,
  type TimelineRisk,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { exemptFlags } from '../risk/risk-evaluate';
import { ownerScopeOf } from '../risk/risk-rules.queries';

/** One kept match of an item's risk decision, with its rule's name, owner and version's text. */
export interface RiskMatchRecord {
  outcome: RiskAction;
  min_approvals: number;
  decided_at: Date;
  rule_id: string | null;
  rule_version: number | null;
  mode: 'active' | 'shadow' | null;
  action: RiskAction | null;
  error: boolean | null;
  seen: Record<string, SeenValue> | null;
  name: string | null;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  definition: unknown;
}

/**
 * What intake decided about one item (`risk_decisions` by its key) with each match, its rule and
 * the version that matched, in one statement (`risk_matches` read through its `ref_id` index);
 * no rows when no rule matched the item.
 */
export async function findRiskDecisionOf(db: Queryable, refId: string): Promise<RiskMatchRecord[]> {
  const { rows } = await db.query<RiskMatchRecord>(
    `SELECT d.outcome, d.min_approvals, d.at AS decided_at, m.rule_id, m.rule_version, m.mode,
            m.action, m.error, m.seen, r.name, r.merchant_account_id, r.reseller_account_id,
            v.definition
       FROM risk_decisions d
       LEFT JOIN risk_matches m ON m.ref_id = d.ref_id
       LEFT JOIN risk_rules r ON r.id = m.rule_id
       LEFT JOIN risk_rule_versions v ON v.rule_id = m.rule_id AND v.version = m.rule_version
      WHERE d.ref_id = $1::uuid
      ORDER BY m.id`,
    [refId],
  );
  return rows;
}

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
  const scopes = kept.map(ownerScopeOf);
  const exempt = exemptFlags(
    kept.map((r, i) => ({ scope: scopes[i]!, mode: r.mode!, action: r.action!, error: !!r.error })),
  );
  const matches = kept.flatMap((r, i): TimelineRisk['matches'] => {
    const owner = scopes[i]!;
    const readable = mayReadRule(viewer, owner);
    if (!readable && r.mode === 'shadow') return [];
    const base = { owner_scope: owner, mode: r.mode!, action: r.action!, exempt: exempt[i]! };
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
