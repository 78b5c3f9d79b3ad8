import type { Queryable } from '../../db/db';
import { facetTable } from '../../core/kind-facets';
import type { ApprovalSubject } from '../approvals/approval-subjects';
import type { ChangeResult } from './decision';

/**
 * How a request of a money kind expires when no one decides it within the configured hours
 * (the request-expiry sweep): its approval subject (whose `awaiting` status is what expires),
 * the status it ends in, and the lifecycle change that takes it there (its reservation voided).
 */
export interface ExpiryFacet {
  readonly subject: ApprovalSubject;
  /** The status an expired request ends in. */
  readonly target: string;
  readonly change: (
    tx: Queryable,
    id: string,
    at: Date,
    reason: { code: string; text: string },
  ) => Promise<ChangeResult[]>;
}

/** The expiring kinds' facets, filled by `registerMoneyKinds()` (kind-registry). */
export const expiryFacets = facetTable<ExpiryFacet>('expiry');
