import type { Translation } from '../../translation';

/** Arabic strings of the resellers and merchants (/reseller, /reseller/{id}, /merchants). */
export const accounts: Translation['accounts'] = {};
