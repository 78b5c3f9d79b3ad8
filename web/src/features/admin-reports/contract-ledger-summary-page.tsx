import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getContractLedgerSummary } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { contractSummaryColumns } from './admin-period-columns';
import { ReportView } from '../../ui/report/report-view';

/** /contract-ledger-summary: per merchant contract, its ledger over the period (links to it). */
export default function ContractLedgerSummaryPage() {
  const { t } = useTranslation();
  const list = useListPage(getContractLedgerSummary);
  const columns = useMemo(() => contractSummaryColumns(t), [t]);
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="contract-ledger-summary"
      hint={t('adminReports.contractSummaryHint')}
    />
  );
}
