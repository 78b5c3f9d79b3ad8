import { queryOptions } from '@tanstack/react-query';
import { getMoneyDetail, type MoneyDetailKind } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getMoneyDetail: one item's row, timeline, journals, callbacks and notifications. */
export const moneyDetailQuery = (kind: MoneyDetailKind, id: string) =>
  queryOptions({
    queryKey: ['getMoneyDetail', kind, id],
    queryFn: () => callApi(getMoneyDetail, { kind, id }, { errors: 'inline' }),
  });
