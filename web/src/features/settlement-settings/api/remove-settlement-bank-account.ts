import { removeSettlementBankAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** removeSettlementBankAccount: removes a saved account; the oldest left becomes the default. */
export const sendRemoveSettlementBankAccount = senderOf(removeSettlementBankAccount);
