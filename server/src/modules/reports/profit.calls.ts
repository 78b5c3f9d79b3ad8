import {
  getDailyEarningReport,
  getDailyTransactionsReport,
  getDetailedProfitReport,
  getGatewayProfitReport,
  getProfitReport,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { serveReport } from './report-service';
import { computeDailyEarningReport } from './daily-earning';
import { computeDailyTransactionsReport } from './daily-transactions';
import { computeDetailedProfitReport } from './profit-detailed';
import { computeGatewayProfitReport } from './profit-by-gateway';
import { computeProfitReport } from './profit-report';

/** The profit and transaction reports (issue 12): each a list call, exportable. */
export function registerProfitReportCalls(registry: CallRegistry): void {
  registry
    .list(getProfitReport, serveReport(computeProfitReport))
    .list(getDetailedProfitReport, serveReport(computeDetailedProfitReport))
    .list(getGatewayProfitReport, serveReport(computeGatewayProfitReport))
    .list(getDailyTransactionsReport, serveReport(computeDailyTransactionsReport))
    .list(getDailyEarningReport, serveReport(computeDailyEarningReport));
}
