/**
 * How a pay-out shows on its gateway's statement (the reconciliation facet, `ReconFacet`): a line names it by its order id; the gateway's fee is our computed gateway cost.
 */
export const PAYOUT_RECON = { orderIdColumn: 'order_id', feeColumn: 'gateway_cost' } as const;
