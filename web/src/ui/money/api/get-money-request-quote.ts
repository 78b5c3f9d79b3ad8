import { getMoneyRequestQuote, type CallRequest, type MoneyRequestQuote } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** What a request would do now (balance, fee, total, what remains); errors shown in the form. */
export const fetchRequestQuote = (
  request: CallRequest<typeof getMoneyRequestQuote>,
): Promise<MoneyRequestQuote> => callApi(getMoneyRequestQuote, request, { errors: 'inline' });
