import { z } from 'zod';
import { RULES } from '../access';
import { RISK_RULE_KINDS, RISK_RULE_MODES } from '../risk/vocabulary';
import { defineCall } from './define';
import { formOptionalChoice, listPageOf, listRequest, sortField } from './list';
import { reportPeriod, reportRequest } from './report-period';
import { riskRuleRow } from './risk-rules';

/**
 * The per-rule risk report (issue 42; docs/risk.md, "Reports"): for each rule the caller may
 * see, what it did over a period of whole days (the reports' period: `from`/`to` in
 * `timeZone`, by default the last 30 days). Every figure counts the rule's matches of the
 * period (`risk_matches.at`), one per item it matched:
 *
 * - `matches`: every match, active or shadow; `shadow_matches` those in shadow mode;
 * - `held`: active review matches, not lifted by an allow rule, on an item intake held;
 * - `blocked`: active block matches, not lifted, on an item intake blocked;
 * - `approved_after_review`: of the held, those a review let go (the approval that moved the
 *   item out of `held_for_review`), whatever became of them later;
 * - `declined`: of the held, those a reviewer declined (not the ones that expired);
 * - `declined_later_disputed` / `approved_later_disputed`: of those, the pay-ins with a dispute;
 * - `errors`: matches where the rule failed to evaluate and took its `onError` action.
 */
export const riskRuleReportRow = riskRuleRow
  .pick({
    id: true,
    name: true,
    owner_scope: true,
    merchant_db_code: true,
    reseller_db_code: true,
    mode: true,
  })
  .extend({
    matches: z.number().int(),
    shadow_matches: z.number().int(),
    held: z.number().int(),
    blocked: z.number().int(),
    approved_after_review: z.number().int(),
    declined: z.number().int(),
    declined_later_disputed: z.number().int(),
    approved_later_disputed: z.number().int(),
    errors: z.number().int(),
  });
export type RiskRuleReportRow = z.infer<typeof riskRuleReportRow>;

/** The report's figures, in column order: every one is a count and may sort the report. */
export const RISK_REPORT_FIGURES = [
  'matches',
  'shadow_matches',
  'held',
  'blocked',
  'approved_after_review',
  'declined',
  'declined_later_disputed',
  'approved_later_disputed',
  'errors',
] as const satisfies readonly (keyof RiskRuleReportRow)[];
export type RiskReportFigure = (typeof RISK_REPORT_FIGURES)[number];

export const RISK_REPORT_SORTS = [...RISK_REPORT_FIGURES, 'name'] as const;

/**
 * /risk/reports: one row per rule the caller may see (as `getRiskRuleList`: admins every rule,
 * a reseller its own and its merchants', a merchant its own), by the rule's mode, the kind of
 * the items matched and a part of its name; the most matches first unless `sort` says.
 */
export const getRiskRuleReport = defineCall({
  name: 'getRiskRuleReport',
  request: z.object({
    page: reportRequest.page,
    pageSize: reportRequest.pageSize,
    sort: sortField(RISK_REPORT_SORTS),
    direction: listRequest.direction,
    search: listRequest.search,
    from: reportRequest.from,
    to: reportRequest.to,
    timeZone: reportRequest.timeZone,
    mode: formOptionalChoice(RISK_RULE_MODES),
    kind: formOptionalChoice(RISK_RULE_KINDS),
  }),
  response: listPageOf(riskRuleReportRow).extend({ period: reportPeriod }),
  rule: RULES.risk,
});
