import type { Translation } from '../../translation';

/** Arabic strings of the sub-accounts (/sub-accounts). */
export const subAccounts: Translation['subAccounts'] = {};
