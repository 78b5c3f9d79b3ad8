import { createContract } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/**
 * createContract: adds a contract, or a new version of a merchant's contract line (admins
 * only); the form shows refusals beside their fields.
 */
export const sendCreateContract = senderOf(createContract, { errors: 'inline' });

/**
 * Reads again what a new version changes: the rates page, every list (contracts, reseller
 * contracts) and a reseller's detail, which shows its merchants' contract lines.
 */
export const refreshContracts = () =>
  Promise.all(
    ['getResellerContractRates', 'list', 'getResellerDetail'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
