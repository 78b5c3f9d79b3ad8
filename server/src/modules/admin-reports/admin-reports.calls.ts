import {
  getAllCurrencyBalance,
  getBalanceReport,
  getContractLedgerSummary,
  getEarningsReport,
} from '@bo/contract';
import type { z } from 'zod';
import type { CallRegistry } from '../../http/registry';
import { serveReport } from '../reports/report-service';
import { allCurrencyBalance, balanceReport, pageOf } from './admin-balances.service';
import { contractLedgerSummary } from './contract-ledger-summary';
import { earningsReport } from './earnings-report';

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
      serveReport((ctx, input: z.output<(typeof getEarningsReport)['request']>) =>
        earningsReport(ctx, input),
      ),
    )
    .list(
      getContractLedgerSummary,
      serveReport((ctx, input: z.output<(typeof getContractLedgerSummary)['request']>) =>
        contractLedgerSummary(ctx, input),
      ),
    );
}
