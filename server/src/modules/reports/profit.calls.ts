import {
  getDailyEarningReport,
  getDailyTransactionsReport,
  getDetailedProfitReport,
  getProfitReport,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import type { UserCallContext } from '../../core/context';
import { serveReport, type ComputedReport } from './report-service';
import { computeDailyEarningReport } from './daily-earning';
import { computeDailyTransactionsReport } from './daily-transactions';
import { computeDetailedProfitReport } from './profit-detailed';
import { computeProfitReport } from './profit-report';

/** `serveReport`, its answer's lists made mutable as the contract's answer types are. */
function serve<I extends { page: number; pageSize: number }, Row, Totals>(
  compute: (ctx: UserCallContext, input: I) => Promise<ComputedReport<Row, Totals>>,
) {
  const served = serveReport(compute);
  return {
    async page(ctx: UserCallContext, input: I) {
      const answer = await served.page(ctx, input);
      return { ...answer, totals: [...answer.totals], differences: [...answer.differences] };
    },
    chunks: served.chunks,
  };
}

/** The profit and transaction reports (issue 12): each a list call, exportable. */
export function registerProfitReportCalls(registry: CallRegistry): void {
  registry
    .list(getProfitReport, serve(computeProfitReport))
    .list(getDetailedProfitReport, serve(computeDetailedProfitReport))
    .list(getDailyTransactionsReport, serve(computeDailyTransactionsReport))
    .list(getDailyEarningReport, serve(computeDailyEarningReport));
}
