import { queryOptions } from '@tanstack/react-query';
import {
  DOWNLOAD_DISPUTE_FILE_CALL,
  SESSION_INVALID_STATUS,
  SUCCESS_STATUS,
  disputeFileRow,
  getDisputeFiles,
  removeDisputeFile,
  uploadDisputeFile,
  type ApiEnvelope,
  type DisputeFileRow,
} from '@bo/contract';
import { callApi, CONTROLLER_PATH, formOf, handleSessionInvalid } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { fileNameOf } from '../../../lib/api/export-file';
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

/** A refusal from an envelope: a 440 signs out (spec section 8); any other is the caller's to show. */
function refusalOf(envelope: ApiEnvelope): ApiError {
  if (envelope.status === SESSION_INVALID_STATUS) handleSessionInvalid(envelope.message);
  return new ApiError(envelope.message, envelope.status);
}

const envelopeOf = (text: string, status: number, statusText: string): ApiEnvelope => {
  try {
    return JSON.parse(text) as ApiEnvelope;
  } catch {
    return { status, message: statusText || `HTTP ${status}` };
  }
};

/**
 * Uploads one evidence file, multipart like every call, reporting the share sent so far (0–1);
 * an XMLHttpRequest because `fetch` reports no upload progress. A refusal is thrown for the
 * form to show in place.
 */
export function sendDisputeFile(
  fields: { id: string; reason?: string },
  file: File,
  onProgress: (share: number) => void,
): Promise<DisputeFileRow> {
  const form = formOf(fields);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${CONTROLLER_PATH}${uploadDisputeFile.name}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('The file could not be sent', null));
    xhr.onload = () => {
      const envelope = envelopeOf(xhr.responseText, xhr.status, xhr.statusText);
      if (envelope.status !== SUCCESS_STATUS) return reject(refusalOf(envelope));
      const parsed = disputeFileRow.safeParse(envelope.data);
      if (parsed.success) resolve(parsed.data);
      else
        reject(new ApiError('The answer to uploadDisputeFile does not match the contract', null));
    };
    xhr.send(form);
  });
}

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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
