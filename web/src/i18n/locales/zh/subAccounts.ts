import type { Translation } from '../../translation';

/** Chinese strings of the sub-accounts (/sub-accounts). */
export const subAccounts: Translation['subAccounts'] = {};
