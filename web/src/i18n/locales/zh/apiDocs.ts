import type { Translation } from '../../translation';

/** Chinese strings of the API documentation (/api-documentation). */
export const apiDocs: Translation['apiDocs'] = {};
