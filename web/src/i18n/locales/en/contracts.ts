/** English strings of the contracts and rates (/contracts, /reseller-contracts, contract rates). */
export const contracts = {};
