/**
 * Our transactions' statuses as a statement shows them: success, failed or pending. The one
 * place they are folded, read by the matching (`oursSql`) and by a resolution locking our
 * transaction (`lockOurStatus`), so the two never disagree.
 */
export type OurKind = 'payin' | 'payout' | 'refund' | 'dispute';

/** The table each kind of ours lives in. */
export const OUR_TABLES: Readonly<Record<OurKind, string>> = {
  payin: 'payins',
  payout: 'payouts',
  refund: 'refunds',
  dispute: 'disputes',
};

/** Our statuses that fold to success or failed, per kind; any other is pending. */
const FOLDS: Readonly<Record<OurKind, { success: string[]; failed: string[] }>> = {
  payin: { success: ['success'], failed: ['failed', 'expired'] },
  payout: { success: ['success'], failed: ['failed', 'rejected'] },
  refund: { success: ['succeeded'], failed: ['failed', 'rejected'] },
  // A lost dispute's chargeback went through; a won one did not.
  dispute: { success: ['lost'], failed: ['won'] },
};

const words = (list: readonly string[]) => list.map((s) => `'${s}'`).join(', ');

/** SQL folding `column` (a status of ours of `kind`) into 'success', 'failed' or 'pending'. */
export function foldedStatusSql(kind: OurKind, column: string): string {
  const f = FOLDS[kind];
  return `CASE WHEN ${column} IN (${words(f.success)}) THEN 'success'
              WHEN ${column} IN (${words(f.failed)}) THEN 'failed' ELSE 'pending' END`;
}
