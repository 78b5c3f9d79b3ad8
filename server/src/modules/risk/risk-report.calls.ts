import type { z } from 'zod';
import { getRiskRuleReport, type RiskRuleReportRow } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { readReportDays } from '../reports/report-service';
import { readRiskRuleReport, type RiskReportRecord } from './risk-report.queries';
import { ownerScopeOf } from './risk-scope';

type ReportInput = z.output<(typeof getRiskRuleReport)['request']>;

/** A rule's row of the report as the answer shows it. */
const viewReportRow = ({
  merchant_account_id,
  reseller_account_id,
  ...row
}: RiskReportRecord): RiskRuleReportRow => ({
  ...row,
  owner_scope: ownerScopeOf({ merchant_account_id, reseller_account_id }),
});

/** The report's rows for a request, every shown rule, and the period it read. */
async function computeReport(ctx: UserCallContext, input: ReportInput) {
  const days = await readReportDays(ctx, input);
  const rows = await readRiskRuleReport(ctx.db, ctx.actor, { ...input, ...days });
  return { rows: rows.map(viewReportRow), period: days.period };
}

/**
 * The per-rule risk report (issue 42) as a list: the page for the screen, every row for the
 * export. A row per rule the caller sees (tens, hundreds), so the rows are counted once per
 * request and paged in memory.
 */
export function registerRiskReportCalls(registry: CallRegistry): void {
  registry.list(getRiskRuleReport, {
    async page(ctx, input) {
      const { rows, period } = await computeReport(ctx, input);
      const start = (input.page - 1) * input.pageSize;
      return {
        rows: rows.slice(start, start + input.pageSize),
        total: rows.length,
        page: input.page,
        page_size: input.pageSize,
        period,
      };
    },
    async *chunks(ctx, input) {
      const { rows } = await computeReport(ctx, input);
      for (let i = 0; i < rows.length; i += 1_000) yield rows.slice(i, i + 1_000);
    },
  });
}
