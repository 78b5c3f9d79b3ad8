import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getEarningsReport } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { earningsColumns } from './admin-period-columns';
import { ReportView } from '../../ui/report/report-view';

/** /earnings-report: the platform's earnings per day, currency and gateway. */
export default function EarningsReportPage() {
  const { t } = useTranslation();
  const list = useListPage(getEarningsReport);
  const columns = useMemo(() => earningsColumns(t), [t]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="earnings-report"
      hint={t('adminReports.earningsHint')}
    />
  );
}
