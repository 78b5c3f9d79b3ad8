import { ApiError } from '../../lib/api-error';
import { announceSuccess } from '../../lib/success-notes';
import { refreshSettlementSettings } from './api/get-settlement-settings';

/**
 * Sends a change the merchant has confirmed, reads the settings again (also after a refusal:
 * another tab may have changed them) and says it was saved. Resolves false when the server
 * refused it; the API client has already shown why in its popup.
 */
export async function saveChange(send: () => Promise<unknown>, savedText: string) {
  try {
    await send();
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    await refreshSettlementSettings();
    return false;
  }
  await refreshSettlementSettings();
  announceSuccess(savedText);
  return true;
}
