import { queryOptions } from '@tanstack/react-query';
import {
  getGatewayAdminList,
  getReconColumnMap,
  getReconRun,
  importReconStatement,
  importSandboxStatement,
  previewReconStatement,
  RECON_FILE_PART,
  saveReconColumnMap,
  type CallRequest,
} from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { sendUpload } from '../../../lib/api/send-upload';

/** The gateways an admin can import a statement of (every gateway, by code). */
export const reconGatewaysQuery = () =>
  queryOptions({
    queryKey: ['getGatewayAdminList', 'recon'],
    queryFn: () =>
      callApi(getGatewayAdminList, {
        page: 1,
        pageSize: 200,
        sort: 'payment_gateway_code',
        direction: 'asc',
      } as unknown as CallRequest<typeof getGatewayAdminList>),
    staleTime: 60_000,
  });

/** A gateway's saved column map (null before the first one is saved). */
export const reconColumnMapQuery = (gatewayId: string) =>
  queryOptions({
    queryKey: ['getReconColumnMap', gatewayId],
    queryFn: () => callApi(getReconColumnMap, { gatewayId }, { errors: 'inline' }),
    enabled: gatewayId !== '',
  });

/** One run's summary. */
export const reconRunQuery = (id: string) =>
  queryOptions({
    queryKey: ['getReconRun', id],
    queryFn: () => callApi(getReconRun, { id }, { errors: 'inline' }),
  });

export const saveColumnMap = (fields: CallRequest<typeof saveReconColumnMap>) =>
  callApi(saveReconColumnMap, fields, { errors: 'inline' });

/** The header and first lines of a statement file, as they are. */
export const previewStatement = (file: File, lines: number) =>
  sendUpload(previewReconStatement, { lines }, { part: RECON_FILE_PART, file }, () => {});

/** Imports a statement with the gateway's saved map, reporting the share sent (0–1). */
export const importStatement = (
  fields: { gatewayId: string; from: string; to: string },
  file: File,
  onProgress: (share: number) => void,
) => sendUpload(importReconStatement, fields, { part: RECON_FILE_PART, file }, onProgress);

export const importSandbox = (fields: {
  gatewayId: string;
  from: string;
  to: string;
  seed: string;
}) =>
  callApi(importSandboxStatement, fields as unknown as CallRequest<typeof importSandboxStatement>, {
    errors: 'inline',
  });

/** A day (YYYY-MM-DD) as the first and last instants of the period, in UTC, both included. */
export const periodOf = (from: string, to: string) => ({
  from: `${from}T00:00:00.000Z`,
  to: `${to}T23:59:59.999Z`,
});
