import type { Translation } from '../../translation';

/** Spanish strings of general settings (/general-settings). */
export const platformSettings: Translation['platformSettings'] = {};
