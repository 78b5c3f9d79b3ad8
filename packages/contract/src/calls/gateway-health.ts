// Scaffold: the calls of gateway health monitoring (/payment-gateway/monitoring) (issue 13).
export {};
