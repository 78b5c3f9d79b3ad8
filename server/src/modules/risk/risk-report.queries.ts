import {
  RISK_HELD_STATUS,
  RISK_REPORT_FIGURES,
  RISK_RULE_KINDS,
  RISK_RULE_MODES,
  type RiskRuleKind,
  type RiskRuleMode,
  type SortDirection,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { zoneDayStartSql } from '../../ledger/report-sources';
import { Conditions } from '../scoped-lists/list-conditions';
import { scopeCondition } from '../scoped-lists/scope';
import { searchCondition } from '../scoped-lists/search-condition';
import { ruleScopeColumns, type RiskRuleRecord } from './risk-rules.queries';
import { REVIEW_LOG_ACTIONS } from './risk-types';

/** One rule's row of the report, its figures as counted. */
export type RiskReportRecord = Pick<
  RiskRuleRecord,
  'id' | 'name' | 'merchant_account_id' | 'reseller_account_id' | 'mode'
> & { merchant_db_code: string | null; reseller_db_code: string | null } & Record<
    (typeof RISK_REPORT_FIGURES)[number],
    number
  >;

/** What the report reads: whole days of a zone, the rules' filters and the order. */
export interface RiskReportQuery {
  readonly fromDay: string;
  readonly toDay: string;
  readonly zone: string;
  readonly mode?: RiskRuleMode;
  readonly kind?: RiskRuleKind;
  readonly search?: string;
  readonly sort?: string;
  readonly direction?: SortDirection;
}

/**
 * The rules the caller may see and its filters, as `getRiskRuleList` scopes them: a merchant
 * its own (`merchant_account_id`), a reseller its own and its merchants' (both carry it as
 * `reseller_account_id`), an admin every rule. Each rule watches only its owner's traffic, so
 * counting all of a visible rule's matches shows no other tenant's items.
 */
function shownRules(actor: Actor, q: RiskReportQuery, c: Conditions): string {
  c.where.push(scopeCondition(actor, ruleScopeColumns(actor), c.params));
  if (q.mode && RISK_RULE_MODES.includes(q.mode)) c.add('r.mode = ?', q.mode);
  if (q.search)
    c.where.push(
      searchCondition({ ids: ['r.id'], texts: [], contains: ['r.name'] }, q.search, c.params),
    );
  return `SELECT r.id, r.name, r.merchant_account_id, r.reseller_account_id, r.mode
            FROM risk_rules r WHERE ${c.text()}`;
}

const SORTS: Record<string, string> = {
  ...Object.fromEntries(RISK_REPORT_FIGURES.map((f) => [f, f])),
  name: 'name',
};

/**
 * The per-rule report (issue 42; docs/risk.md, "Reports"), exact counts over the period's
 * `risk_matches` of each shown rule: one index range of `(rule_id, at)` per rule, the item's
 * decision by its key; for the held only, the review's entries in the admin log by target
 * (approved: the approval that moved the item on; declined: a reviewer's decline, never an
 * expiry) and the disputes by pay-in (only a pay-in's id is a dispute's `payin_id`). All
 * shown rules, in the asked order.
 */
export async function readRiskRuleReport(
  db: Queryable,
  actor: Actor,
  q: RiskReportQuery,
): Promise<RiskReportRecord[]> {
  const c = new Conditions([q.fromDay, q.toDay, q.zone]);
  const shown = shownRules(actor, q, c);
  const kind =
    q.kind && RISK_RULE_KINDS.includes(q.kind) ? `AND m.kind = $${c.params.push(q.kind)}` : '';
  const approve = `$${c.params.push(REVIEW_LOG_ACTIONS.approve)}`;
  const decline = `$${c.params.push(REVIEW_LOG_ACTIONS.decline)}`;
  const dir = q.direction === 'asc' ? 'ASC' : 'DESC';
  const sort = SORTS[q.sort ?? ''] ?? 'matches';
  const counted = (when: string) => `count(*) FILTER (WHERE ${when})::int`;
  const { rows } = await db.query<RiskReportRecord>(
    `WITH shown AS (${shown}),
     hit AS (
       SELECT m.rule_id, m.ref_id, m.mode, m.error,
              (m.mode = 'active' AND NOT m.exempt AND m.action = 'review'
                 AND d.outcome = 'review') AS held,
              (m.mode = 'active' AND NOT m.exempt AND m.action = 'block'
                 AND d.outcome = 'block') AS blocked
         FROM shown s
         JOIN risk_matches m ON m.rule_id = s.id
              AND m.at >= ${zoneDayStartSql('$1', '$3')}
              AND m.at < ($2::date + 1)::timestamp AT TIME ZONE $3 ${kind}
         LEFT JOIN risk_decisions d ON d.ref_id = m.ref_id AND m.mode = 'active'),
     reviewed AS (
       SELECT h.rule_id, v.approved, v.declined,
              EXISTS (SELECT 1 FROM disputes x WHERE x.payin_id = h.ref_id) AS disputed
         FROM hit h CROSS JOIN LATERAL (
           SELECT coalesce(bool_or(l.action = ${decline}), false) AS declined,
                  coalesce(bool_or(l.action = ${approve}
                    AND l.after->>'status' IS DISTINCT FROM '${RISK_HELD_STATUS}'), false) AS approved
             FROM admin_logs l
            WHERE l.target_id = h.ref_id::text AND l.target_id <> ''
              AND l.action IN (${approve}, ${decline}) AND l.outcome = 'success') v
        WHERE h.held),
     matched AS (
       SELECT rule_id, count(*)::int AS matches, ${counted("mode = 'shadow'")} AS shadow_matches,
              ${counted('held')} AS held, ${counted('blocked')} AS blocked,
              ${counted('error')} AS errors
         FROM hit GROUP BY rule_id),
     decided AS (
       SELECT rule_id, ${counted('approved')} AS approved_after_review,
              ${counted('declined')} AS declined,
              ${counted('declined AND disputed')} AS declined_later_disputed,
              ${counted('approved AND disputed')} AS approved_later_disputed
         FROM reviewed GROUP BY rule_id)
     SELECT * FROM (
       SELECT s.id, s.name, s.merchant_account_id, s.reseller_account_id, s.mode,
              ma.account_db_code AS merchant_db_code, ra.account_db_code AS reseller_db_code,
              ${RISK_REPORT_FIGURES.map((f) => `coalesce(${f}, 0) AS ${f}`).join(', ')}
         FROM shown s
         LEFT JOIN matched f ON f.rule_id = s.id
         LEFT JOIN decided g ON g.rule_id = s.id
         LEFT JOIN accounts ma ON ma.id = s.merchant_account_id
         LEFT JOIN accounts ra ON ra.id = s.reseller_account_id) x
      ORDER BY ${sort} ${dir}, id ${dir}`,
    c.params,
  );
  return rows;
}
