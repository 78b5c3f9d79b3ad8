import type { Translation } from '../../translation';

/** French strings of the contracts and rates (/contracts, /reseller-contracts, contract rates). */
export const contracts: Translation['contracts'] = {};
