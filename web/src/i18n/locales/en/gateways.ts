/** English strings of payment gateways (/payment-gateway, /pg-currency-balance). */
export const gateways = {};
