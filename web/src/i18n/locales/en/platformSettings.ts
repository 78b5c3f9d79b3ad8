/** English strings of general settings (/general-settings). */
export const platformSettings = {};
