import type { Translation } from '../../translation';

/** French strings of the merchant settings: API keys, notify URL, notification log (/merchant-settings). */
export const merchantSettings: Translation['merchantSettings'] = {};
