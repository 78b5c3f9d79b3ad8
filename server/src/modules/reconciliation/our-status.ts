import { GATEWAY_KINDS, moneyKind, type GatewayKind, type MoneyKindDef } from '@bo/contract';

/**
 * Our transactions' statuses as a statement shows them: success, failed or pending. The one
 * place they are folded, read by the matching (`oursSql`) and by a resolution locking our
 * transaction (`lockOurStatus`), so the two never disagree.
 */
export type OurKind = GatewayKind;

/** The kinds a gateway moves money for: those a statement can show (`gatewayFlow`). */
const OUR_KINDS: readonly OurKind[] = GATEWAY_KINDS;

/** The table each kind of ours lives in (the money-kind registry's). */
export const OUR_TABLES: Readonly<Record<OurKind, string>> = Object.fromEntries(
  OUR_KINDS.map((k) => [k, moneyKind(k).table]),
) as Record<OurKind, string>;

/**
 * Our statuses that fold to success or failed, per kind, from the money-kind registry; any
 * other is pending. Success is what moved the money at the gateway: the statuses the reports
 * count (`reportCounts`: a lost dispute, whose chargeback went through), else the kind's
 * successes; failed is every other final outcome (a won dispute: no chargeback).
 */
const FOLDS: Readonly<Record<OurKind, { success: string[]; failed: string[] }>> =
  Object.fromEntries(
    OUR_KINDS.map((k) => {
      const kind: MoneyKindDef = moneyKind(k);
      const success: readonly string[] = kind.reportCounts ?? kind.outcomes.success;
      const outcomes: readonly string[] = [...kind.outcomes.success, ...kind.outcomes.failed];
      return [k, { success: [...success], failed: outcomes.filter((s) => !success.includes(s)) }];
    }),
  ) as Record<OurKind, { success: string[]; failed: string[] }>;

/** Our statuses of `kind` folded to success and failed (for tests and docs). */
export const foldsOf = (kind: OurKind) => FOLDS[kind];

const words = (list: readonly string[]) => list.map((s) => `'${s}'`).join(', ');

/** SQL folding `column` (a status of ours of `kind`) into 'success', 'failed' or 'pending'. */
export function foldedStatusSql(kind: OurKind, column: string): string {
  const f = FOLDS[kind];
  return `CASE WHEN ${column} IN (${words(f.success)}) THEN 'success'
              WHEN ${column} IN (${words(f.failed)}) THEN 'failed' ELSE 'pending' END`;
}

/** A status of ours of `kind` folded as `foldedStatusSql` folds it, in code. */
export function foldedStatusOf(kind: OurKind, status: string): 'success' | 'failed' | 'pending' {
  const f = FOLDS[kind];
  return f.success.includes(status) ? 'success' : f.failed.includes(status) ? 'failed' : 'pending';
}
