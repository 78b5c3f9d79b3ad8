import { addSettlementBankAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** addSettlementBankAccount: saves a bank account (the first one saved is the default). */
export const sendAddSettlementBankAccount = senderOf(addSettlementBankAccount);
