import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getMerchantList, type ManagedAccountRow } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** What the new-contract form needs of a merchant: its code, name and currencies. */
export type MerchantChoice = Pick<ManagedAccountRow, 'account_db_code' | 'name' | 'currencies'>;

/** How many matches the picker offers; more narrow down by typing. */
export const MERCHANT_CHOICES = 50;

/**
 * getMerchantList: the merchants a new contract may be for, by name, matching what was typed
 * (a part of a name, code, email or username), within one reseller's when given. The picker
 * says when the read failed, so no popup.
 */
export const merchantChoicesQuery = (search: string, resellerDbCode?: string) =>
  queryOptions({
    queryKey: ['getMerchantList', 'choices', resellerDbCode ?? '', search],
    queryFn: () =>
      callApi(
        getMerchantList,
        {
          pageSize: MERCHANT_CHOICES,
          sort: 'name',
          direction: 'asc',
          ...(search && { search }),
          ...(resellerDbCode && { resellerDbCode }),
        },
        { errors: 'inline' },
      ),
    placeholderData: keepPreviousData,
  });
