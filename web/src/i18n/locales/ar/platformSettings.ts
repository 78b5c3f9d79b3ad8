import type { Translation } from '../../translation';

/** Arabic strings of general settings (/general-settings). */
export const platformSettings: Translation['platformSettings'] = {};
