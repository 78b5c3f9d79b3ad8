import { facetTable } from '../../core/kind-facets';

/**
 * How a kind a gateway moves money for shows on the gateway's statement: which of its columns
 * a statement line's order id may name, and which holds the fee the gateway charges for it. The
 * matching (`oursSql`) reads every gateway kind through it; each kind writes its own in its
 * folder, a plain object (the kinds sit below reconciliation and import nothing of it).
 */
export interface ReconFacet {
  /** The column a line's order id names (a refund's merchant refund id); null: none does. */
  readonly orderIdColumn: string | null;
  /** The column of the fee the gateway charges (our gateway cost, a dispute's fee); null: none. */
  readonly feeColumn: string | null;
}

export const reconFacets = facetTable<ReconFacet>('reconciliation');
