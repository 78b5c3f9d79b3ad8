import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getDetailedProfitReport, pathOf } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { useSessionUser } from '../../lib/session';
import { useListPage } from '../../ui/list/use-list-page';
import { detailedProfitColumns } from './profit-columns';
import { ReportView } from '../../ui/report/report-view';

/** /profit-report/{id}/detailed-profit-report: one reseller or merchant per day × merchant × gateway. */
export default function DetailedProfitReportPage() {
  const { t } = useTranslation();
  const id = useCurrentRoute().params.id ?? '';
  const list = useListPage(getDetailedProfitReport, { fixed: { id } });
  const isAdmin = useSessionUser()?.account_type === 'admin';
  const columns = useMemo(() => detailedProfitColumns(t, isAdmin), [t, isAdmin]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="detailed-profit-report"
      hint={t('reportProfit.profitHint')}
      lead={
        <Link to={pathOf('profitReport')} className="small d-inline-block mb-2 report-no-print">
          <i className="bi bi-arrow-left me-1" aria-hidden />
          {t('reportProfit.back')}
        </Link>
      }
    />
  );
}
