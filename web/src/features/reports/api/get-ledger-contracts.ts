import { queryOptions } from '@tanstack/react-query';
import { getLedgerContracts, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export type LedgerContractChoice = CallResponse<typeof getLedgerContracts>['rows'][number];

/** getLedgerContracts: the contracts (merchant and currency) the user may open ledgers of. */
export const ledgerContractsQuery = () =>
  queryOptions({
    queryKey: ['getLedgerContracts'],
    queryFn: () => callApi(getLedgerContracts, {}),
    staleTime: 60_000,
  });
