import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getGatewayAdminList, type GatewayAdminRow } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { DepositDialog } from './deposit-dialog';
import { gatewayColumns, type GatewayRequest } from './gateway-columns';
import { GatewayFormDialog } from './gateway-form-dialog';
import { GatewayStatusDialog } from './gateway-status-dialog';
import { SandboxDialog } from './sandbox-dialog';

type Open = { request: GatewayRequest; row: GatewayAdminRow } | { request: 'create' } | null;

/**
 * /payment-gateway: every gateway with its deposit balance, limit and success rate; filters
 * (status tabs, currency, search) and page in the URL, export of every matching row; create,
 * edit, activate/deactivate with a reason and deposit adjustment, each confirmed; a sandbox
 * gateway's behaviour (issue 43: take it down, make it fail) for tests, demos and drills.
 */
export default function PaymentGatewayPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListPage(getGatewayAdminList, {
    statusLabel: (status) =>
      status === 'activated' || status === 'inactive' ? t(`gateways.status.${status}`) : status,
  });
  const [open, setOpen] = useState<Open>(null);
  const columns = useMemo(
    () => gatewayColumns(t, (request, row) => setOpen({ request, row })),
    [t],
  );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    void queryClient.invalidateQueries({ queryKey: ['getAdminDashboardV2'] });
  };
  const close = () => setOpen(null);
  return (
    <>
      <RouteTitle />
      <ListView
        list={list}
        columns={columns}
        listId="payment-gateways"
        getRowId={(row) => row.id}
        actions={
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setOpen({ request: 'create' })}
            data-testid="gateway-new"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden />
            {t('gateways.newGateway')}
          </button>
        }
      />
      {open?.request === 'create' && <GatewayFormDialog onClose={close} onSaved={refresh} />}
      {open?.request === 'edit' && (
        <GatewayFormDialog gateway={open.row} onClose={close} onSaved={refresh} />
      )}
      {open?.request === 'status' && (
        <GatewayStatusDialog gateway={open.row} onClose={close} onDone={refresh} />
      )}
      {open?.request === 'adjust' && (
        <DepositDialog gateway={open.row} onClose={close} onDone={refresh} />
      )}
      {open?.request === 'sandbox' && (
        <SandboxDialog gateway={open.row} onClose={close} onDone={refresh} />
      )}
    </>
  );
}
