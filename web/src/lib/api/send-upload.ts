import {
  SESSION_INVALID_STATUS,
  SUCCESS_STATUS,
  type ApiEnvelope,
  type CallDef,
  type CallResponse,
} from '@bo/contract';
import { CONTROLLER_PATH, formOf, handleSessionInvalid } from '../api-client';
import { ApiError } from '../api-error';

/** A refusal from an envelope: a 440 signs out (spec section 8); any other is the caller's to show. */
export function refusalOf(envelope: ApiEnvelope): ApiError {
  if (envelope.status === SESSION_INVALID_STATUS) handleSessionInvalid(envelope.message);
  return new ApiError(envelope.message, envelope.status);
}

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
      const envelope = envelopeOf(xhr.responseText, xhr.status, xhr.statusText);
      if (envelope.status !== SUCCESS_STATUS) return reject(refusalOf(envelope));
      const parsed = call.response.safeParse(envelope.data);
      if (parsed.success) resolve(parsed.data as CallResponse<C>);
      else reject(new ApiError(`The answer to ${call.name} does not match the contract`, null));
    };
    xhr.send(form);
  });
}
