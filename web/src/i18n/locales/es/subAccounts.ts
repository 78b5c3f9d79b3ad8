import type { Translation } from '../../translation';

/** Spanish strings of the sub-accounts (/sub-accounts). */
export const subAccounts: Translation['subAccounts'] = {};
