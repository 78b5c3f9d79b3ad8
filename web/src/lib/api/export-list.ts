import {
  EXPORT_LIST_CALL,
  SESSION_INVALID_STATUS,
  type ApiEnvelope,
  type ExportFormat,
} from '@bo/contract';
import { CONTROLLER_PATH, formOf, handleSessionInvalid } from '../api-client';
import { ApiError, withFullStop } from '../api-error';
import { showErrorPopup } from '../popups';
import { fileNameOf } from './export-file';

/** Spec section 8 for an export's error envelope: 440 signs out, any other status pops up. */
function failWith(envelope: ApiEnvelope): never {
  if (envelope.status === SESSION_INVALID_STATUS) handleSessionInvalid(envelope.message);
  else void showErrorPopup(withFullStop(envelope.message));
  throw new ApiError(envelope.message, envelope.status);
}

/** Reads the streamed file, reporting the bytes received so far. */
async function readAll(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type });
}

/** Hands a blob to the browser as a download named `name`. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Asks the server for every row of `call` matching `fields` (the list's filters and time zone)
 * as a CSV or XLSX file, streams it in with progress, and saves it under the server's name.
 */
export async function exportList(
  call: string,
  format: ExportFormat,
  fields: Readonly<Record<string, string | number>>,
  onProgress: (bytes: number) => void,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${CONTROLLER_PATH}${EXPORT_LIST_CALL}`, {
      method: 'POST',
      body: formOf({ ...fields, call, format }),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    void showErrorPopup(message);
    throw new ApiError(message, null);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json') || !response.ok) {
    let envelope: ApiEnvelope;
    try {
      envelope = (await response.json()) as ApiEnvelope;
    } catch {
      envelope = {
        status: response.status,
        message: response.statusText || `HTTP ${response.status}`,
      };
    }
    failWith(envelope);
  }
  const name = fileNameOf(response.headers.get('Content-Disposition'), `${call}.${format}`);
  let file: Blob;
  try {
    file = await readAll(response, onProgress);
  } catch (error) {
    // The answer broke off mid-file (the connection, or the server after the first rows):
    // say so, and save nothing rather than a file that looks whole.
    const message = error instanceof Error ? error.message : String(error);
    void showErrorPopup(withFullStop(message));
    throw new ApiError(message, null);
  }
  save(file, name);
  return name;
}
