import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getMerchantBalanceSettlement, type ReportPeriod } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { merchantSettlementColumns } from './balance-settlement-columns';
import { ReportView } from '../../ui/report/report-view';
import { OwnBalanceAtButton } from './statement-tools';

/** /merchant-balance-settlement: per merchant and currency, reconciled with the ledger (admin, merchant). */
export default function MerchantBalanceSettlementPage() {
  const { t } = useTranslation();
  const list = useListPage(getMerchantBalanceSettlement);
  const period = list.answer?.period as ReportPeriod | undefined;
  const columns = useMemo(() => merchantSettlementColumns(t, period), [t, period]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="merchant-balance-settlement"
      hint={t('reportBalances.merchantHint')}
      controls={<OwnBalanceAtButton ownerType="merchant" />}
    />
  );
}
