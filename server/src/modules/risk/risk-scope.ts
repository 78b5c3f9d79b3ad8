import type { RiskOwnerScope } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** Who owns a list or a rule, as their rows carry it (platform: neither; reseller: no merchant). */
export interface RiskOwnerColumns {
  readonly merchant_account_id: string | null;
  readonly reseller_account_id: string | null;
}

/** A rule's or list's owner scope from its owner columns (platform: neither; reseller: no merchant). */
export const ownerScopeOf = (r: RiskOwnerColumns): RiskOwnerScope =>
  r.merchant_account_id ? 'merchant' : r.reseller_account_id ? 'reseller' : 'platform';

/** A rule's owner (`RuleOwner`) as the owner columns carry it. */
export const ownerColumnsOf = (owner: {
  readonly merchantId: string | null;
  readonly resellerId: string | null;
}): RiskOwnerColumns => ({
  merchant_account_id: owner.merchantId,
  reseller_account_id: owner.resellerId,
});

/** The key of an owner's row in `risk_scope_versions`: platform, reseller:<id>, merchant:<id>. */
export function scopeKeyOf(owner: RiskOwnerColumns): string {
  if (owner.merchant_account_id) return `merchant:${owner.merchant_account_id}`;
  if (owner.reseller_account_id) return `reseller:${owner.reseller_account_id}`;
  return 'platform';
}

/** Moves on each time this process changes a scope (`riskScopeGeneration`). */
let generation = 0;

/** How many scope changes this process made: intake rechecks its rules when it moved. */
export const riskScopeGeneration = (): number => generation;

/**
 * Moves the owner's scope version on, in the transaction of the change (a rule, its mode, a
 * list, an entry): intake's cache reloads a scope whose row moved (docs/risk.md). This process
 * rechecks at once; others within their check interval.
 */
export async function bumpRiskScope(
  db: Queryable,
  owner: RiskOwnerColumns,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO risk_scope_versions (scope_key, version, changed_at) VALUES ($1, 1, $2)
     ON CONFLICT (scope_key) DO UPDATE
       SET version = risk_scope_versions.version + 1, changed_at = EXCLUDED.changed_at`,
    [scopeKeyOf(owner), at],
  );
  generation++;
}
