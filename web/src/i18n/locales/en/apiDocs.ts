/** English strings of the API documentation (/api-documentation). */
export const apiDocs = {};
