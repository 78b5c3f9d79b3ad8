import {
  SESSION_INVALID_STATUS,
  SUCCESS_STATUS,
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

/** Multipart form of the payload plus the credentials every call carries. */
export function formOf(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  const user = getSessionUser();
  form.append('accessToken', user?.token ?? '');
  form.append('accessUsername', user?.username ?? '');
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    form.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return form;
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
    envelope = await send(call.name, formOf(payload as Record<string, unknown>));
  } catch (error) {
    if (showInPopup) showCallError(error as Error);
    throw error;
  }
  if (envelope.status === SESSION_INVALID_STATUS) {
    handleSessionInvalid(envelope.message);
    throw new ApiError(envelope.message, envelope.status);
  }
  if (envelope.status !== SUCCESS_STATUS) {
    const { reason, field } = (envelope.data ?? {}) as { reason?: unknown; field?: unknown };
    const refusal = new ApiError(
      envelope.message,
      envelope.status,
      typeof reason === 'string' ? reason : null,
      isFieldProblem(field) ? field : null,
    );
    if (showInPopup) showCallError(refusal);
    throw refusal;
  }
  const parsed = call.response.safeParse(envelope.data ?? {});
  if (!parsed.success) {
    // The server and the contract disagree: say so loudly rather than render half a screen.
    const message = `The answer to ${call.name} does not match the contract`;
    console.error(message, parsed.error.issues);
    const mismatch = new ApiError(message, envelope.status);
    if (showInPopup) showCallError(mismatch);
    throw mismatch;
  }
  return parsed.data as CallResponse<C>;
}

/**
 * A write call's fetcher bound to its definition: what an `api/<call-name>.ts` module exports
 * for components to await in their handlers (reads export `queryOptions` instead).
 */
export function senderOf<C extends CallDef>(call: C, options: CallOptions = {}) {
  return (payload: CallRequest<C>): Promise<CallResponse<C>> => callApi(call, payload, options);
}
