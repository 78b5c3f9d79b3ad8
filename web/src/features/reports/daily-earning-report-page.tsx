import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getDailyEarningReport } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { useListPage } from '../../ui/list/use-list-page';
import { dailyEarningColumns } from './profit-columns';
import { ReportView } from '../../ui/report/report-view';
import { NEWEST_DAY_FIRST } from './report-day-order';

/** /daily-earning-report: the platform's profit (admin) or the reseller's commission per day. */
export default function DailyEarningReportPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  const list = useListPage(getDailyEarningReport, { defaultSort: NEWEST_DAY_FIRST });
  const columns = useMemo(() => dailyEarningColumns(t), [t]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="daily-earning-report"
      hint={t(isAdmin ? 'reportProfit.earningHintAdmin' : 'reportProfit.earningHintReseller')}
    />
  );
}
