import {
  getAllCurrencyBalance,
  getBalanceReport,
  getContractLedgerSummary,
  getEarningsReport,
} from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { serveReport, type ComputedReport } from '../reports/report-service';
import { allCurrencyBalance, balanceReport, pageOf } from './admin-balances.service';
import { contractLedgerSummary } from './contract-ledger-summary';
import { earningsReport } from './earnings-report';

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

/** The calls of administrator balance screens (/balance-reports, /earnings-report, /all-currency-balance, /contract-ledger-summary) (issue 13). */
export function registerAdminReportCalls(registry: CallRegistry): void {
  registry
    .list(getBalanceReport, {
      async page(ctx, input) {
        const report = await balanceReport(ctx, input);
        return {
          ...report,
          rows: pageOf(report.rows, input),
          total: report.rows.length,
          page: input.page,
          page_size: input.pageSize,
          at: report.at.toISOString(),
        };
      },
      async *chunks(ctx, input) {
        yield (await balanceReport(ctx, input)).rows;
      },
    })
    .list(getAllCurrencyBalance, {
      async page(ctx, input) {
        const report = await allCurrencyBalance(ctx, input);
        return {
          ...report,
          rows: pageOf(report.rows, input),
          total: report.rows.length,
          page: input.page,
          page_size: input.pageSize,
        };
      },
      async *chunks(ctx, input) {
        yield (await allCurrencyBalance(ctx, input)).rows;
      },
    })
    .list(
      getEarningsReport,
      serve((ctx, input: z.output<(typeof getEarningsReport)['request']>) =>
        earningsReport(ctx, input),
      ),
    )
    .list(
      getContractLedgerSummary,
      serve((ctx, input: z.output<(typeof getContractLedgerSummary)['request']>) =>
        contractLedgerSummary(ctx, input),
      ),
    );
}
