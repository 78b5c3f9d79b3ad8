/** English strings of gateway health monitoring (/payment-gateway/monitoring). */
export const gatewayHealth = {};
