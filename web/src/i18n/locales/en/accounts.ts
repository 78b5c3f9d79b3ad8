/** English strings of the resellers and merchants (/reseller, /reseller/{id}, /merchants). */
export const accounts = {};
