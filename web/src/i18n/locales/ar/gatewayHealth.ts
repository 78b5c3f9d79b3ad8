import type { Translation } from '../../translation';

/** Arabic strings of gateway health monitoring (/payment-gateway/monitoring). */
export const gatewayHealth: Translation['gatewayHealth'] = {};
