import {
  SESSION_INVALID_STATUS,
  SUCCESS_STATUS,
  ERRORS,
  refusedFields,
  type ApiEnvelope,
  type CallDef,
  type CallRequest,
  type CallResponse,
} from '@bo/contract';
import { ApiError, withFullStop } from './api-error';
import { isFieldProblem } from './field-problem-shape';
import { showErrorInOpenDialog } from './dialog-stack';
import { showErrorPopup } from './popups';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { clearBrowserStorage, getSessionUser } from './session';

/** Where every back-office call goes (spec section 7). */
export const CONTROLLER_PATH = '/controller/admin/';

export interface CallOptions {
  /**
   * `popup` (default): spec section 8's 'Oops...' popup. `inline`: the caller shows the error
   * in place (sign-in forms). A 440 always takes the session-invalid path.
   */
  readonly errors?: 'popup' | 'inline';
}

/** The payload's fields as the server reads them from the form: text, a list comma-separated. */
export function sentFieldsOf(payload: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    fields[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return fields;
}

/** Multipart form of the payload plus the credentials every call carries. */
export function formOf(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  const user = getSessionUser();
  form.append('accessToken', user?.token ?? '');
  form.append('accessUsername', user?.username ?? '');
  for (const [name, value] of Object.entries(sentFieldsOf(payload))) form.append(name, value);
  return form;
}

/**
 * The 400 the server would answer to `payload`, found before it is sent: the call's request
 * schema (the server's own rule) run on the text the form will carry, naming every bad field at
 * once (a form shows each under its input). Null when the schema takes it.
 */
export function refusalBeforeSending(call: CallDef, payload: Record<string, unknown>) {
  const refused = refusedFields(call.request, sentFieldsOf(payload));
  if (!refused) return null;
  const [first = null] = refused.problems;
  return new ApiError(refused.message, ERRORS.BAD_INPUT.status, null, first, refused.problems);
}

let sessionInvalidShowing = false;

/** Spec section 8, status 440: popup, all local storage cleared, user sent to /login. */
export function handleSessionInvalid(message: string): void {
  clearBrowserStorage({ includeSessionStorage: false });
  queryClient.clear();
  navigateTo('/login');
  if (sessionInvalidShowing) return;
  sessionInvalidShowing = true;
  void showErrorPopup(withFullStop(message), { overDialogs: true }).finally(
    () => (sessionInvalidShowing = false),
  );
}

/**
 * Spec section 8's 'Oops...' popup, or, while a dialog is open, the same words inside it: a
 * popup never opens on top of a dialog.
 */
function showCallError(error: Error): void {
  if (!showErrorInOpenDialog(error)) void showErrorPopup(withFullStop(error.message));
}

async function send(name: string, form: FormData): Promise<ApiEnvelope> {
  let response: Response;
  try {
    response = await fetch(`${CONTROLLER_PATH}${name}`, { method: 'POST', body: form });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : String(error), null);
  }
  try {
    return (await response.json()) as ApiEnvelope;
  } catch {
    return { status: response.status, message: response.statusText || `HTTP ${response.status}` };
  }
}

/**
 * A refusal's envelope as the ApiError it stands for, with the server's `reason` and refused
 * `field` when it names them (and `fields`, every one, when it found several). A 440 signs out first (spec section 8).
 */
export function refusalOf(envelope: ApiEnvelope): ApiError {
  if (envelope.status === SESSION_INVALID_STATUS) {
    handleSessionInvalid(envelope.message);
    return new ApiError(envelope.message, envelope.status);
  }
  const { reason, field, fields } = (envelope.data ?? {}) as {
    reason?: unknown;
    field?: unknown;
    fields?: unknown;
  };
  const first = isFieldProblem(field) ? field : null;
  const all = Array.isArray(fields) ? fields.filter(isFieldProblem) : [];
  return new ApiError(
    envelope.message,
    envelope.status,
    typeof reason === 'string' ? reason : null,
    first,
    all.length ? all : first ? [first] : [],
  );
}

/**
 * An answer's envelope as the call's `data`, checked against its contract; a refusal (or an
 * answer the contract does not describe) is thrown as an ApiError. Every way a call is sent
 * (`callApi`, `sendUpload`) reads its answer here; showing a failure is the sender's part.
 */
export function answerOf<C extends CallDef>(call: C, envelope: ApiEnvelope): CallResponse<C> {
  if (envelope.status !== SUCCESS_STATUS) throw refusalOf(envelope);
  const parsed = call.response.safeParse(envelope.data ?? {});
  if (!parsed.success) {
    // The server and the contract disagree: say so loudly rather than render half a screen.
    const message = `The answer to ${call.name} does not match the contract`;
    console.error(message, parsed.error.issues);
    throw new ApiError(message, envelope.status);
  }
  return parsed.data as CallResponse<C>;
}

/**
 * Calls a back-office endpoint and returns its validated `data`. Failures are shown as spec
 * section 8 says and then thrown, so callers' loading flags reset in their `finally`/`onError`.
 */
export async function callApi<C extends CallDef>(
  call: C,
  payload: CallRequest<C>,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  const showInPopup = (options.errors ?? 'popup') === 'popup';
  let envelope: ApiEnvelope;
  try {
    const refusal = refusalBeforeSending(call, payload as Record<string, unknown>);
    if (refusal) throw refusal;
    envelope = await send(call.name, formOf(payload as Record<string, unknown>));
  } catch (error) {
    if (showInPopup) showCallError(error as Error);
    throw error;
  }
  try {
    return answerOf(call, envelope);
  } catch (error) {
    // A 440 has already said so in its own popup.
    const sessionEnded = (error as ApiError).status === SESSION_INVALID_STATUS;
    if (showInPopup && !sessionEnded) showCallError(error as Error);
    throw error;
  }
}

/**
 * A write call's fetcher bound to its definition: what an `api/<call-name>.ts` module exports
 * for components to await in their handlers (reads export `queryOptions` instead).
 */
export function senderOf<C extends CallDef>(call: C, options: CallOptions = {}) {
  return (payload: CallRequest<C>): Promise<CallResponse<C>> => callApi(call, payload, options);
}
