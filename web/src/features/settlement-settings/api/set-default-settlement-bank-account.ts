import { setDefaultSettlementBankAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setDefaultSettlementBankAccount: makes one saved account the only default. */
export const sendSetDefaultSettlementBankAccount = senderOf(setDefaultSettlementBankAccount);
