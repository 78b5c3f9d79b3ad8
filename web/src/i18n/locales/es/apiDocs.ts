import type { Translation } from '../../translation';

/** Spanish strings of the API documentation (/api-documentation). */
export const apiDocs: Translation['apiDocs'] = {};
