import {
  APPROVAL_TIER_KINDS,
  CURRENCIES,
  formatAmount,
  type ApprovalBand,
  type ApprovalTierKind,
  type ApprovalTierRow,
} from '@bo/contract';
import type { Queryable } from '../../db/db';

/**
 * Approval tiers by amount (`approval_tiers`, docs/money.md): the bands a kind of money-out has
 * in a currency. The decision reads them in SQL (`requiredApprovalsSql`); these read and write
 * them for the settings.
 */

/** One kind's and currency's bands, in increasing order (none: the threshold rules). */
export async function findApprovalBands(
  db: Queryable,
  kind: ApprovalTierKind,
  currency: string,
): Promise<ApprovalBand[]> {
  const { rows } = await db.query<{ min_amount: bigint; approvers: number }>(
    `SELECT min_amount, approvers FROM approval_tiers
      WHERE tier_kind = $1 AND currency = $2 ORDER BY min_amount`,
    [kind, currency],
  );
  return rows.map((r) => ({ minAmount: r.min_amount, approvers: r.approvers }));
}

/**
 * Every kind's and currency's bands as the calls answer them, in the kinds' and the contract's
 * currency order; only those that have bands.
 */
export async function listApprovalTiers(db: Queryable): Promise<ApprovalTierRow[]> {
  const { rows } = await db.query<{
    tier_kind: ApprovalTierKind;
    currency: string;
    min_amount: bigint;
    approvers: number;
  }>('SELECT tier_kind, currency, min_amount, approvers FROM approval_tiers ORDER BY min_amount');
  const tiers: ApprovalTierRow[] = [];
  for (const kind of APPROVAL_TIER_KINDS)
    for (const { code } of CURRENCIES) {
      const bands = rows
        .filter((r) => r.tier_kind === kind && r.currency === code)
        .map((r) => ({ min_amount: formatAmount(r.min_amount, code), approvers: r.approvers }));
      if (bands.length) tiers.push({ tier_kind: kind, currency: code, bands });
    }
  return tiers;
}

/**
 * Puts one kind's and currency's bands in force, whole: the old ones go, these come (none: the
 * two-approver threshold rules that kind and currency again). In the caller's transaction.
 */
export async function saveApprovalBands(
  tx: Queryable,
  kind: ApprovalTierKind,
  currency: string,
  bands: readonly ApprovalBand[],
): Promise<void> {
  await tx.query('DELETE FROM approval_tiers WHERE tier_kind = $1 AND currency = $2', [
    kind,
    currency,
  ]);
  for (const band of bands)
    await tx.query(
      `INSERT INTO approval_tiers (tier_kind, currency, min_amount, approvers, updated_at)
       VALUES ($1, $2, $3, $4, now())`,
      [kind, currency, band.minAmount.toString(), band.approvers],
    );
}
