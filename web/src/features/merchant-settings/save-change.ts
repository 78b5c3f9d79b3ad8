import { ApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';

/**
 * Asks to confirm a change, sends it, reads what it changed again (also after a refusal:
 * another tab may have changed it) and says it was done. Resolves the answer, or null when
 * not confirmed or refused (the API client has already shown why).
 */
export async function confirmAndSend<T>(change: {
  question: string;
  confirmLabel: string;
  send: () => Promise<T>;
  refresh: () => Promise<unknown>;
  doneText?: string;
}): Promise<T | null> {
  if (!(await confirmAction(change.question, change.confirmLabel))) return null;
  try {
    const answer = await change.send();
    await change.refresh();
    if (change.doneText) announceSuccess(change.doneText);
    return answer;
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    await change.refresh();
    return null;
  }
}
