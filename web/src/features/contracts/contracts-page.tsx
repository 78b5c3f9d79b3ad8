import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getMerchantContractList } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { NewContractButton } from '../../ui/contract/new-contract-button';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { PageTitle, RouteTitle } from '../../ui/page-title';
import { merchantContractColumns } from './contract-columns';
import { VersionStateTabs, withoutKitTabs } from './version-state';

/**
 * /contracts: "merchant contracts" for admins and resellers (their merchants'), "My Contracts"
 * for a merchant: pay-in, pay-out and settlement rates per currency, each version with its
 * effective date and whether it is in force now, scheduled or superseded. Admins add a
 * merchant's contract here (New contract).
 */
export default function ContractsPage() {
  const { t } = useTranslation();
  const isMerchant = useSessionUser()?.account_type === 'merchant';
  const list = useListPage(getMerchantContractList);
  const columns = useMemo(() => merchantContractColumns(t, !isMerchant), [t, isMerchant]);
  return (
    <>
      {isMerchant ? <PageTitle title={t('contracts.myContracts')} /> : <RouteTitle />}
      <VersionStateTabs list={list} />
      <ListView
        list={withoutKitTabs(list)}
        columns={columns}
        listId="merchant-contracts"
        getRowId={(row) => row.id}
        actions={<NewContractButton />}
      />
    </>
  );
}
