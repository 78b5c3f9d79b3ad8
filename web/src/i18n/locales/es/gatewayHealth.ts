import type { Translation } from '../../translation';

/** Spanish strings of gateway health monitoring (/payment-gateway/monitoring). */
export const gatewayHealth: Translation['gatewayHealth'] = {};
