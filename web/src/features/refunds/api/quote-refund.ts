import { quoteRefund, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export type RefundQuote = CallResponse<typeof quoteRefund>;

/** What a refund of `amount` would do now; errors shown in the form. */
export const fetchRefundQuote = (payinId: string, amount: string): Promise<RefundQuote> =>
  callApi(quoteRefund, { payinId, amount }, { errors: 'inline' });
