import type { CallDef } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from './send-decision';

/**
 * Sends a reviewed money request (createPayout, requestSettlement…) with its request key;
 * errors are shown in the form. Lists and balances read again afterwards.
 */
export async function sendMoneyRequest(
  call: CallDef,
  fields: Readonly<Record<string, string>>,
  requestKey: string,
): Promise<void> {
  await callApi(call, { ...fields, requestKey }, { errors: 'inline' });
  await refreshMoneyViews();
}
