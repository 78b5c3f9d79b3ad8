import type { Translation } from '../../translation';

/** French strings of gateway health monitoring (/payment-gateway/monitoring). */
export const gatewayHealth: Translation['gatewayHealth'] = {};
