import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getDailyTransactionsReport } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { dailyTransactionsColumns } from './profit-columns';
import { ReportView } from '../../ui/report/report-view';
import { NetLedgerLinks } from './net-ledger-links';
import { NEWEST_DAY_FIRST } from './report-day-order';

/** /daily-transactions-report: per day of the chosen zone and currency (admin, merchant). */
export default function DailyTransactionsReportPage() {
  const { t } = useTranslation();
  const list = useListPage(getDailyTransactionsReport, { defaultSort: NEWEST_DAY_FIRST });
  const columns = useMemo(() => dailyTransactionsColumns(t), [t]);
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
