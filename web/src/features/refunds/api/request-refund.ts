import { requestRefund } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../ui/money/api/send-decision';

/** Sends a reviewed refund with its request key; lists and balances read again afterwards. */
export async function sendRefund(
  fields: { payinId: string; amount: string; reason: string },
  requestKey: string,
): Promise<void> {
  const { reason, ...rest } = fields;
  await callApi(
    requestRefund,
    { ...rest, ...(reason ? { reason } : {}), requestKey },
    {
      errors: 'inline',
    },
  );
  await refreshMoneyViews();
}
