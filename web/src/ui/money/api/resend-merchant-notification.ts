import { resendMerchantNotification } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from './send-decision';

/** Queues an item's last merchant notification again; its detail reads again afterwards. */
export async function resendNotification(kind: 'payin' | 'payout', id: string): Promise<void> {
  await callApi(resendMerchantNotification, { kind, id });
  await refreshMoneyViews();
}
