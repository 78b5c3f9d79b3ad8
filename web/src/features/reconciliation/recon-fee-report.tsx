import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getReconFeeReport } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { reconFeeColumns } from './recon-fee-columns';

/**
 * The fee report (/reconciliation?view=fees): per gateway, day and currency, our computed
 * gateway cost against the fee the gateway charged, newest day first; its filters (gateway,
 * currency, days) in the URL, exported as the other reports are.
 */
export function ReconFeeReport() {
  const { t } = useTranslation();
  const list = useListPage(getReconFeeReport);
  const columns = useMemo(() => reconFeeColumns(t), [t]);
  return (
    <>
      <p className="text-muted">{t('reconciliation.fees.intro')}</p>
      <ListView
        list={list}
        columns={columns}
        listId="recon-fees"
        getRowId={(r) => r.id}
        caption={t('reconciliation.fees.caption')}
      />
    </>
  );
}
