/**
 * How a dispute shows on its gateway's statement (the reconciliation facet, `ReconFacet`): no order id of ours names it; its fee is the one the gateway charged.
 */
export const DISPUTE_RECON = { orderIdColumn: null, feeColumn: 'fee' } as const;
