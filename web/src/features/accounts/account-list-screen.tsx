import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMerchantList, getResellerList, type ManagedAccountRow } from '@bo/contract';
import { useCanOpen } from '../../lib/session';
import { NewContractDialog } from '../../ui/contract/new-contract-dialog';
import { useMayCreateContract } from '../../ui/contract/new-contract-button';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { accountColumns, type RowRequest } from './account-columns';
import { AccountFormDialog } from './account-form-dialog';
import { ConfirmAccountAction } from './confirm-account-action';

type Open = { request: RowRequest; row: ManagedAccountRow } | { request: 'create' } | null;

/**
 * The reseller or merchant list: filters and page in the URL, export of every matching row,
 * a New button, and per row edit, disable/enable and 2FA reset, each confirmed or in a form,
 * and a merchant's new contract for admins.
 * `resellerDbCode` narrows the merchants to one reseller's (/merchants/from-reseller={id}).
 */
export function AccountListScreen({
  kind,
  resellerDbCode,
}: {
  kind: 'reseller' | 'merchant';
  resellerDbCode?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const call = kind === 'reseller' ? getResellerList : getMerchantList;
  const list = useListPage(call, {
    ...(resellerDbCode && { fixed: { resellerDbCode } }),
    statusLabel: (status) =>
      status === 'active' || status === 'disabled' ? t(`accounts.status.${status}`) : status,
  });
  const [open, setOpen] = useState<Open>(null);
  const mayCreateContract = useMayCreateContract();
  const mayOpenStatement = useCanOpen()('merchantStatement');
  const columns = useMemo(
    () =>
      accountColumns(
        kind,
        t,
        (request, row) => setOpen({ request, row }),
        mayCreateContract,
        mayOpenStatement,
      ),
    [kind, t, mayCreateContract, mayOpenStatement],
  );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    void queryClient.invalidateQueries({ queryKey: ['getResellerDetail'] });
    void queryClient.invalidateQueries({ queryKey: ['getResellerList'] });
  };
  const close = () => setOpen(null);
  return (
    <>
      <ListView
        list={list}
        columns={columns}
        listId={kind === 'reseller' ? 'resellers' : 'merchants'}
        getRowId={(row) => row.id}
        actions={
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setOpen({ request: 'create' })}
            data-testid="account-new"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden />
            {t(kind === 'reseller' ? 'accounts.newReseller' : 'accounts.newMerchant')}
          </button>
        }
      />
      {open?.request === 'create' && (
        <AccountFormDialog
          kind={kind}
          fixedResellerDbCode={resellerDbCode}
          onClose={close}
          onSaved={refresh}
        />
      )}
      {open?.request === 'edit' && (
        <AccountFormDialog kind={kind} account={open.row} onClose={close} onSaved={refresh} />
      )}
      {open?.request === 'newContract' && <NewContractDialog merchant={open.row} onClose={close} />}
      {open &&
        open.request !== 'create' &&
        open.request !== 'edit' &&
        open.request !== 'newContract' && (
          <ConfirmAccountAction
            action={open.request}
            account={open.row}
            onClose={close}
            onDone={refresh}
          />
        )}
    </>
  );
}
