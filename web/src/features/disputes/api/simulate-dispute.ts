import { queryOptions } from '@tanstack/react-query';
import { getTechnicalInformation, simulateDispute, type DisputeReasonCode } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../ui/money/api/send-decision';

/** The sandbox gateways' codes (the technical information's): only their pay-ins can be disputed here. */
export const sandboxGatewaysQuery = () =>
  queryOptions({
    queryKey: ['getTechnicalInformation'],
    queryFn: () => callApi(getTechnicalInformation, {}, { errors: 'inline' }),
    select: (info) => new Set(info.sandbox.gateways.map((g) => g.payment_gateway_code)),
    staleTime: 5 * 60_000,
  });

/** Has the sandbox open a dispute on a pay-in; lists, details and balances read again. */
export async function sendSimulatedDispute(fields: {
  payinId: string;
  reasonCode: DisputeReasonCode;
  amount?: string;
}): Promise<void> {
  await callApi(simulateDispute, fields, { errors: 'inline' });
  await refreshMoneyViews();
}
