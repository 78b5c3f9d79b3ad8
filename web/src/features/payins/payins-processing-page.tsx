import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { getPayinList, type PayinRow } from '@bo/contract';
import { column } from '../../ui/list/columns';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { payinColumns } from './payin-columns';
import { QueryGatewayIfStuck } from './query-gateway-button';
import { StuckBadge } from './stuck-badge';

const OLDEST_FIRST = { processingOnly: '1', sort: 'created_at', direction: 'asc' } as const;

/**
 * /transactions/processing-list: pay-ins not yet final, oldest first, read again every minute;
 * those waiting longer than the platform's stuck age are marked, and an admin can ask their
 * gateway for the status.
 */
export default function PayinsProcessingPage() {
  const columns = useCallback(
    (t: TFunction, open: (row: PayinRow) => void) => [
      column<PayinRow>(
        'waiting',
        t('money.waiting'),
        (row) => <StuckBadge since={row.created_at} />,
        {
          label: t('money.waiting'),
        },
      ),
      ...payinColumns(t, open),
      column<PayinRow>(
        'query',
        t('money.actions'),
        (row) => <QueryGatewayIfStuck id={row.id} since={row.created_at} />,
        { label: t('money.actions') },
      ),
    ],
    [],
  );
  return (
    <MoneyListScreen
      call={getPayinList}
      kind="payin"
      listId="payins-processing"
      fixed={OLDEST_FIRST}
      columns={columns}
      queue
    />
  );
}
