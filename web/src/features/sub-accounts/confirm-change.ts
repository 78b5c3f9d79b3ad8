import { getSubAccountList } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { queryClient } from '../../lib/query-client';

export interface SubAccountChange {
  /** The question asked first; nothing is sent unless it is confirmed. */
  readonly question: string;
  readonly confirmLabel: string;
  readonly send: () => Promise<unknown>;
  /** Said once the server saved the change. */
  readonly doneText: string;
}

/**
 * Every change to a sub-account is confirmed first, then sent; the list is read again either
 * way. Resolves whether it was saved (a refusal was already shown by the API client's popup).
 */
export async function confirmChange(change: SubAccountChange): Promise<boolean> {
  if (!(await confirmAction(change.question, change.confirmLabel))) return false;
  let saved = true;
  try {
    await change.send();
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    saved = false;
  }
  await queryClient.invalidateQueries({ queryKey: ['list', getSubAccountList.name] });
  if (saved) announceSuccess(change.doneText);
  return saved;
}
