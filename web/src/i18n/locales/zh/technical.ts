import type { Translation } from '../../translation';

/** Chinese strings of the technical pages (/api-documentation, /technical-support, /technical-information). */
export const technical: Translation['technical'] = {};
