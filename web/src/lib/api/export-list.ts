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
import type { ExportSink } from './export-target';

/** Spec section 8 for an export's error envelope: 440 signs out, any other status pops up. */
function failWith(envelope: ApiEnvelope): never {
  if (envelope.status === SESSION_INVALID_STATUS) handleSessionInvalid(envelope.message);
  else void showErrorPopup(withFullStop(envelope.message));
  throw new ApiError(envelope.message, envelope.status);
}

/** Whether an error is the abort of the export's own signal (its Cancel button). */
const isCancel = (error: unknown, signal: AbortSignal) =>
  signal.aborted && (error as { name?: string } | null)?.name === 'AbortError';

/** Streams the answer into the sink, reporting the bytes received so far. */
async function pour(
  response: Response,
  sink: ExportSink,
  onProgress: (bytes: number) => void,
): Promise<void> {
  if (!response.body) {
    const whole = new Uint8Array(await response.arrayBuffer());
    await sink.write(whole);
    return onProgress(whole.byteLength);
  }
  const reader = response.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    await sink.write(value);
    received += value.byteLength;
    onProgress(received);
  }
}

export interface ExportOptions {
  readonly sink: ExportSink;
  readonly onProgress: (bytes: number) => void;
  /** Aborts the fetch: the server sees the connection close and stops reading the list. */
  readonly signal: AbortSignal;
}

/** The export was cancelled (its signal aborted): nothing was kept, nothing to show. */
export class ExportCancelled extends Error {
  constructor() {
    super('The export was cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * Asks the server for every row of `call` matching `fields` (the list's filters and time zone)
 * as a CSV or XLSX file and streams it into the sink with progress: the file on disk the person
 * chose, or a download under the server's name. Cancelled, it throws `ExportCancelled` and
 * keeps nothing; any failure is shown as spec section 8 says, and keeps nothing either.
 */
export async function exportList(
  call: string,
  format: ExportFormat,
  fields: Readonly<Record<string, string | number>>,
  { sink, onProgress, signal }: ExportOptions,
): Promise<string> {
  try {
    return await exportInto(call, format, fields, sink, onProgress, signal);
  } catch (error) {
    await sink.discard();
    if (isCancel(error, signal)) throw new ExportCancelled();
    throw error;
  }
}

async function exportInto(
  call: string,
  format: ExportFormat,
  fields: Readonly<Record<string, string | number>>,
  sink: ExportSink,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${CONTROLLER_PATH}${EXPORT_LIST_CALL}`, {
      method: 'POST',
      body: formOf({ ...fields, call, format }),
      signal,
    });
  } catch (error) {
    if (isCancel(error, signal)) throw error;
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
  try {
    await pour(response, sink, onProgress);
  } catch (error) {
    if (isCancel(error, signal)) throw error;
    // The answer broke off mid-file (the connection, or the server after the first rows):
    // say so, and save nothing rather than a file that looks whole.
    const message = error instanceof Error ? error.message : String(error);
    void showErrorPopup(withFullStop(message));
    throw new ApiError(message, null);
  }
  await sink.finish(name, type || 'application/octet-stream');
  return sink.chosenName ?? name;
}
