import type { Translation } from '../../translation';

/** Chinese strings of gateway health monitoring (/payment-gateway/monitoring). */
export const gatewayHealth: Translation['gatewayHealth'] = {};
