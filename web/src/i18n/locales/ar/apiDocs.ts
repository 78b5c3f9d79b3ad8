import type { Translation } from '../../translation';

/** Arabic strings of the API documentation (/api-documentation). */
export const apiDocs: Translation['apiDocs'] = {};
