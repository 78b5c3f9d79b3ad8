import { queryPayinAtGateway } from '@bo/contract';
import { i18n } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from './send-decision';

/**
 * Asks a pay-in's gateway for its status (the server applies the answer through the pay-in's
 * lifecycle) and says what came of it, in the reader's words; lists and details read again.
 */
export async function queryGatewayAndSay(id: string): Promise<string> {
  const answer = await callApi(queryPayinAtGateway, { id });
  await refreshMoneyViews();
  return i18n.t(answer.changed ? 'money.detail.queryChanged' : 'money.detail.queryUnchanged', {
    gateway: i18n.t(`money.detail.gatewayStatus.${answer.gateway_status}`),
    status: i18n.t(`list.status.${answer.status}`),
  });
}
