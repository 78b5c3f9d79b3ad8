import type { Translation } from '../../translation';

/** French strings of the API documentation (/api-documentation). */
export const apiDocs: Translation['apiDocs'] = {};
