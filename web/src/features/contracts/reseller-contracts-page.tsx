import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getResellerContractList } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { resellerContractColumns } from './contract-columns';
import { VersionStateTabs, withoutKitTabs } from './version-state';

/**
 * /reseller-contracts: the resellers' rates per currency and gateway (the reseller rates of
 * their merchants' contract lines), every version by effective date; a reseller sees its own.
 */
export default function ResellerContractsPage() {
  const { t } = useTranslation();
  const list = useListPage(getResellerContractList);
  const columns = useMemo(() => resellerContractColumns(t), [t]);
  return (
    <>
      <RouteTitle />
      <VersionStateTabs list={list} />
      <ListView
        list={withoutKitTabs(list)}
        columns={columns}
        listId="reseller-contracts"
        getRowId={(row) => row.id}
      />
    </>
  );
}
