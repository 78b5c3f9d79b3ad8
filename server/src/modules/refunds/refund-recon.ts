/**
 * How a refund shows on its gateway's statement (the reconciliation facet, `ReconFacet`): a line names it by the merchant's refund id; the gateway charges no fee of its own for it.
 */
export const REFUND_RECON = { orderIdColumn: 'merchant_refund_id', feeColumn: null } as const;
