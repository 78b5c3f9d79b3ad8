import { queryOptions } from '@tanstack/react-query';
import { getLedgerChainStatus } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getLedgerChainStatus: the chain's progress and the active signing key (/ledger-seals). */
export const ledgerChainStatusQuery = () =>
  queryOptions({
    queryKey: [getLedgerChainStatus.name],
    queryFn: () => callApi(getLedgerChainStatus, {}, { errors: 'inline' }),
    staleTime: 10_000,
  });
