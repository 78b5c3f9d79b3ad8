import { simulateDispute, type DisputeReasonCode } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../ui/money/api/send-decision';

/** Has the sandbox open a dispute on a pay-in; lists, details and balances read again. */
export async function sendSimulatedDispute(fields: {
  payinId: string;
  reasonCode: DisputeReasonCode;
  amount?: string;
}): Promise<void> {
  await callApi(simulateDispute, fields, { errors: 'inline' });
  await refreshMoneyViews();
}
