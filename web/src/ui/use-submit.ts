import { useState } from 'react';
import { ApiError } from '../lib/api-error';

/** What a send tells its screen: it starts, the server refused it, it is over. */
export interface SubmitSteps<K> {
  readonly start: (key: K) => void;
  readonly refuse: (refusal: ApiError) => void;
  readonly end: () => void;
}

/**
 * Runs one send: busy while it runs, whatever its outcome. A call's refusal (an `ApiError`:
 * the API client has already shown it, in the spec's 'Oops...' popup or in the open dialog) is
 * handed to `refuse` and the send answers `undefined`; anything else is a bug and is thrown.
 */
export async function runSubmit<K, T>(
  key: K,
  send: () => Promise<T>,
  steps: SubmitSteps<K>,
): Promise<T | undefined> {
  steps.start(key);
  try {
    return await send();
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    steps.refuse(failure);
    return undefined;
  } finally {
    steps.end();
  }
}

/**
 * A screen's sends, one at a time: `busy` names the one running (`'submit'` unless the screen
 * names them: a row's id, `'save'` or `'test'`), `error` is the last call's refusal (cleared
 * when the next send starts, or by `clearError`) for a form that shows it in place, and
 * `onRefusal` is told of it (a form that spreads it over its fields). `run` answers the send's
 * result, or `undefined` once the refusal has been shown (runSubmit).
 */
export function useSubmit<K extends string = 'submit'>({
  onRefusal,
}: { onRefusal?: (refusal: ApiError) => void } = {}) {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const run = <T>(send: () => Promise<T>, key: K = 'submit' as K): Promise<T | undefined> =>
    runSubmit(key, send, {
      start: (started) => {
        setBusy(started);
        setError(null);
      },
      refuse: (refusal) => {
        setError(refusal);
        onRefusal?.(refusal);
      },
      end: () => setBusy(null),
    });
  return { busy, isBusy: busy !== null, error, clearError: () => setError(null), run };
}
