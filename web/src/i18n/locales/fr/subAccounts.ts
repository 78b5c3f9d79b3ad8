import type { Translation } from '../../translation';

/** French strings of the sub-accounts (/sub-accounts). */
export const subAccounts: Translation['subAccounts'] = {};
