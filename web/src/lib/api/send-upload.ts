import type { ApiEnvelope, CallDef, CallResponse } from '@bo/contract';
import { answerOf, CONTROLLER_PATH, formOf, refusalBeforeSending } from '../api-client';
import { ApiError } from '../api-error';

export { refusalOf } from '../api-client';

/** The envelope of an answer's text; one that is not JSON (a proxy's page) is its HTTP status. */
export const envelopeOf = (text: string, status: number, statusText: string): ApiEnvelope => {
  try {
    return JSON.parse(text) as ApiEnvelope;
  } catch {
    return { status, message: statusText || `HTTP ${status}` };
  }
};

/**
 * Sends a call that takes a file, multipart like every call: the text fields first, then the
 * file as the part `part`, reporting the share sent so far (0–1); an XMLHttpRequest because
 * `fetch` reports no upload progress. The answer is checked against the call's contract; a
 * refusal is thrown for the form to show in place.
 */
export function sendUpload<C extends CallDef>(
  call: C,
  fields: Record<string, unknown>,
  file: { readonly part: string; readonly file: File },
  onProgress: (share: number) => void,
): Promise<CallResponse<C>> {
  const refusal = refusalBeforeSending(call, fields);
  if (refusal) return Promise.reject(refusal);
  const form = formOf(fields);
  form.append(file.part, file.file, file.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${CONTROLLER_PATH}${call.name}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('The file could not be sent', null));
    xhr.onload = () => {
      try {
        resolve(answerOf(call, envelopeOf(xhr.responseText, xhr.status, xhr.statusText)));
      } catch (refusal) {
        reject(refusal as Error);
      }
    };
    xhr.send(form);
  });
}
