import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getProfitReport, pathOf } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { useListPage } from '../../ui/list/use-list-page';
import { profitReportColumns } from './profit-columns';
import { ReportView } from '../../ui/report/report-view';

/**
 * /profit-report: per reseller (admin) or merchant (reseller), a row links to its details; an
 * admin also finds the figures per gateway.
 */
export default function ProfitReportPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  const list = useListPage(getProfitReport);
  const columns = useMemo(() => profitReportColumns(t, isAdmin), [t, isAdmin]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="profit-report"
      hint={t('reportProfit.profitHint')}
      lead={
        isAdmin && (
          <Link
            to={pathOf('gatewayProfitReport')}
            className="small d-inline-block mb-2 report-no-print"
            data-testid="profit-by-gateway-link"
          >
            <i className="bi bi-diagram-3 me-1" aria-hidden />
            {t('reportProfit.byGateway')}
          </Link>
        )
      }
    />
  );
}
