import { updateSettlementBankAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateSettlementBankAccount: replaces a saved account's details (no currency: any). */
export const sendUpdateSettlementBankAccount = senderOf(updateSettlementBankAccount);
