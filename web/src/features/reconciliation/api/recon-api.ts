import { queryOptions } from '@tanstack/react-query';
import {
  getReconColumnMap,
  getReconRun,
  importReconStatement,
  importSandboxStatement,
  pathOf,
  previewReconStatement,
  RECON_FILE_PART,
  saveReconColumnMap,
  type CallRequest,
} from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { DEFAULT_TIME_ZONE, dayInZone } from '../../../lib/time-zone';
import { navigateTo } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { announceSuccess } from '../../../lib/success-notes';
import { sendUpload } from '../../../lib/api/send-upload';
import { rangeInstants, type DayRange } from '../../../ui/list/date-presets';

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

export const importSandbox = (fields: CallRequest<typeof importSandboxStatement>) =>
  callApi(importSandboxStatement, fields, { errors: 'inline' });

/** After an import: the runs list read again, the success said, the new run opened. */
export async function openImportedRun(runId: string, note: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['getReconRunList'] });
  announceSuccess(note);
  navigateTo(pathOf('reconciliationRun', { id: runId }));
}

/**
 * A statement's period is whole UTC days, both included: a run's days, and the days chosen
 * for an import as the call's first and last instants.
 */
export const PERIOD_ZONE = DEFAULT_TIME_ZONE;
export const periodDay = (instant: string) => dayInZone(new Date(instant), PERIOD_ZONE);
export const periodInstants = (days: DayRange) => rangeInstants(days, PERIOD_ZONE);
