import type { Translation } from '../../translation';

/** French strings of general settings (/general-settings). */
export const platformSettings: Translation['platformSettings'] = {};
