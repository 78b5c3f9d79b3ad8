import { getBalancesAt } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** getBalancesAt: an owner's balances at a past instant (issue 44); refusals show in the dialog. */
export const fetchBalancesAt = senderOf(getBalancesAt, { errors: 'inline' });
