import { useQuery } from '@tanstack/react-query';
import { getMoneyDetail, type MoneyDetailKind } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** The query key of one item's detail; decisions invalidate every `moneyDetail` key. */
export const moneyDetailKey = (kind: MoneyDetailKind, id: string) => ['moneyDetail', kind, id];

/** getMoneyDetail: one item's row, timeline, journals, callbacks and notifications. */
export function useMoneyDetail(kind: MoneyDetailKind, id: string) {
  return useQuery({
    queryKey: moneyDetailKey(kind, id),
    queryFn: () => callApi(getMoneyDetail, { kind, id }, { errors: 'inline' }),
  });
}
