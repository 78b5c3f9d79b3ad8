import type { Translation } from '../../translation';

/** Arabic strings of payment gateways (/payment-gateway, /pg-currency-balance). */
export const gateways: Translation['gateways'] = {};
