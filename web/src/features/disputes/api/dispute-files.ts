import { queryOptions } from '@tanstack/react-query';
import {
  DOWNLOAD_DISPUTE_FILE_CALL,
  getDisputeFiles,
  removeDisputeFile,
  uploadDisputeFile,
  type DisputeFileRow,
} from '@bo/contract';
import { callApi, CONTROLLER_PATH, formOf } from '../../../lib/api-client';
import { fileNameOf } from '../../../lib/api/export-file';
import { saveBlobAs } from '../../../lib/api/save-blob';
import { envelopeOf, refusalOf, sendUpload } from '../../../lib/api/send-upload';
import { queryClient } from '../../../lib/query-client';

/** getDisputeFiles: a dispute's evidence files, oldest first. */
export const disputeFilesQuery = (id: string) =>
  queryOptions({
    queryKey: ['getDisputeFiles', id],
    queryFn: () => callApi(getDisputeFiles, { id }, { errors: 'inline' }),
  });

/** Reads a dispute's files again (after an upload, a removal or a submit). */
export const refreshDisputeFiles = (id: string) =>
  queryClient.invalidateQueries({ queryKey: ['getDisputeFiles', id] });

/**
 * Uploads one evidence file, multipart like every call, reporting the share sent so far (0–1).
 * A refusal is thrown for the form to show in place.
 */
export const sendDisputeFile = (
  fields: { id: string; reason?: string },
  file: File,
  onProgress: (share: number) => void,
): Promise<DisputeFileRow> =>
  sendUpload(uploadDisputeFile, fields, { part: 'file', file }, onProgress);

/** Removes a file not yet submitted. */
export const dropDisputeFile = (fields: { id: string; fileId: string; reason?: string }) =>
  callApi(removeDisputeFile, fields, { errors: 'inline' });

/**
 * Downloads one evidence file under its name (the server answers it as an attachment); a
 * refusal is thrown for the caller to show.
 */
export async function downloadDisputeFile(
  fields: { id: string; fileId: string },
  fallbackName: string,
): Promise<void> {
  const response = await fetch(`${CONTROLLER_PATH}${DOWNLOAD_DISPUTE_FILE_CALL}`, {
    method: 'POST',
    body: formOf(fields),
  });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json'))
    throw refusalOf(envelopeOf(await response.text(), response.status, response.statusText));
  saveBlobAs(
    await response.blob(),
    fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  );
}
