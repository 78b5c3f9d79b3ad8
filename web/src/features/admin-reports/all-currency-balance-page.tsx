import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getAllCurrencyBalance } from '@bo/contract';
import { useCanOpen } from '../../lib/session';
import { useListPage } from '../../ui/list/use-list-page';
import { allCurrencyBalanceColumns } from './admin-balance-columns';
import { ReportView } from '../../ui/report/report-view';

/** /all-currency-balance: every merchant's and reseller's balances now, per currency. */
export default function AllCurrencyBalancePage() {
  const { t } = useTranslation();
  const list = useListPage(getAllCurrencyBalance);
  const opensEntries = useCanOpen()('ledgerEntries');
  const columns = useMemo(() => allCurrencyBalanceColumns(t, opensEntries), [t, opensEntries]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="all-currency-balance"
      hint={t('adminReports.allCurrencyHint')}
    />
  );
}
