import { useQuery } from '@tanstack/react-query';
import { getSettlementSettings } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** The merchant's saved settlement bank accounts (getSettlementSettings), default first. */
export function useSavedBankAccounts(enabled: boolean) {
  const { data } = useQuery({
    queryKey: ['getSettlementSettings'],
    queryFn: () => callApi(getSettlementSettings, {}, { errors: 'inline' }),
    enabled,
  });
  return [...(data?.bank_accounts ?? [])].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default),
  );
}
