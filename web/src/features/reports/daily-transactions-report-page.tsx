import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getDailyTransactionsReport,
  type DailyTransactionsRow,
  type ReportPeriod,
} from '@bo/contract';
import { useCanOpen } from '../../lib/session';
import { useListPage } from '../../ui/list/use-list-page';
import { dailyTransactionsColumns, type ProfitOpens } from './profit-columns';
import { ReportView } from '../../ui/report/report-view';
import { NetLedgerLinks } from './net-ledger-links';
import { NEWEST_DAY_FIRST } from './report-day-order';

/** /daily-transactions-report: per day of the chosen zone and currency (admin, merchant). */
export default function DailyTransactionsReportPage() {
  const { t } = useTranslation();
  const list = useListPage(getDailyTransactionsReport, { defaultSort: NEWEST_DAY_FIRST });
  const period = list.answer?.period as ReportPeriod | undefined;
  const canOpen = useCanOpen();
  // A row is one day of the viewer's merchants (a merchant's own, an admin's every one or the
  // one chosen): its successful count, volume and fee open that day's counted rows; a totals
  // row opens none.
  const merchantDbCode = list.request.merchantDbCode as string | undefined;
  const opens = useMemo<ProfitOpens<DailyTransactionsRow> | undefined>(
    () =>
      period && {
        canOpen,
        scopeOf: (row) =>
          row.day
            ? {
                days: { from: row.day, to: row.day },
                zone: period.time_zone,
                ...(merchantDbCode && { owner: { merchantDbCode } }),
              }
            : null,
      },
    [period, canOpen, merchantDbCode],
  );
  const columns = useMemo(() => dailyTransactionsColumns(t, opens), [t, opens]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="daily-transactions-report"
      hint={t('reportProfit.transactionsHint')}
      controls={<NetLedgerLinks list={list} />}
    />
  );
}
