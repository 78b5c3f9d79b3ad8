import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getResellerBalanceSettlement, type ReportPeriod } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { resellerSettlementColumns } from './balance-settlement-columns';
import { ReportView } from '../../ui/report/report-view';
import { OwnBalanceAtButton } from './statement-tools';

/** /reseller-balance-settlement: per reseller and currency, its commission reconciled (admin, reseller). */
export default function ResellerBalanceSettlementPage() {
  const { t } = useTranslation();
  const list = useListPage(getResellerBalanceSettlement);
  const period = list.answer?.period as ReportPeriod | undefined;
  const columns = useMemo(() => resellerSettlementColumns(t, period), [t, period]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="reseller-balance-settlement"
      hint={t('reportBalances.resellerHint')}
      controls={<OwnBalanceAtButton ownerType="reseller" />}
    />
  );
}
