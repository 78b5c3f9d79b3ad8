// Scaffold: the calls of payment gateways (/payment-gateway, /pg-currency-balance) (issue 13).
export {};
