import type { TFunction } from 'i18next';
import type { ReportId } from '@bo/contract';
import { merchantSettlementColumns, resellerSettlementColumns } from './balance-settlement-columns';
import { ledgerEntryColumns } from './ledger-report';
import {
  dailyEarningColumns,
  dailyTransactionsColumns,
  detailedProfitColumns,
  profitReportColumns,
} from './profit-columns';
import { statementColumns } from './statement-columns';

/**
 * The column map of each report /report-setting configures, as an admin sees it (every column):
 * the same maps the report screens use, so the settings name columns by the report's own ids
 * and headers.
 */
/** What the settings read of a column: its id and its name. */
interface NamedColumn {
  readonly id?: string;
  readonly header?: unknown;
  readonly meta?: { readonly label?: string };
}

export const REPORT_COLUMN_MAPS: Record<ReportId, (t: TFunction) => readonly NamedColumn[]> = {
  profitReport: (t) => profitReportColumns(t, true),
  detailedProfitReport: (t) => detailedProfitColumns(t, true),
  dailyTransactionsReport: dailyTransactionsColumns,
  dailyEarningReport: dailyEarningColumns,
  merchantBalanceSettlement: merchantSettlementColumns,
  resellerBalanceSettlement: resellerSettlementColumns,
  contractAccLedger: (t) => ledgerEntryColumns(t),
  resellerContractAccLedger: (t) => ledgerEntryColumns(t, { byTenant: true }),
  usdtWalletBalanceSettlement: (t) => ledgerEntryColumns(t),
  resellerEarningStatement: (t) => ledgerEntryColumns(t, { byTenant: true }),
  merchantStatement: statementColumns,
};

/** A report's column headers by column id. */
export function columnLabels(report: ReportId, t: TFunction): ReadonlyMap<string, string> {
  return new Map(
    REPORT_COLUMN_MAPS[report](t).map((c) => [
      c.id ?? '',
      String(c.meta?.label ?? (typeof c.header === 'string' ? c.header : c.id)),
    ]),
  );
}
