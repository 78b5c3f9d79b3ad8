import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getGatewayProfitReport } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { ReportView } from '../../ui/report/report-view';
import { BackToProfitReport } from './back-to-profit-report';
import { gatewayProfitColumns } from './profit-columns';

/**
 * /profit-report/by-gateway (administrators, issue 43): the profit report's figures per gateway
 * and currency, platform-wide, so the gateways' cost (the routing's margin) shows beside the
 * fees; reached from the profit report.
 */
export default function GatewayProfitReportPage() {
  const { t } = useTranslation();
  const list = useListPage(getGatewayProfitReport);
  const columns = useMemo(() => gatewayProfitColumns(t), [t]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="gateway-profit-report"
      hint={t('reportProfit.gatewayHint')}
      lead={<BackToProfitReport />}
    />
  );
}
