import type { Translation } from '../../translation';

/** Chinese strings of general settings (/general-settings). */
export const platformSettings: Translation['platformSettings'] = {};
