import type { ExpiryFacet } from '../money-flow/expiry-facet';
import { REFUND_SUBJECT } from './refunds.calls';
import { changeRefunds } from './refunds.service';

/** A refund awaiting approval not decided in time is rejected, its reservation voided. */
export const REFUND_EXPIRY: ExpiryFacet = {
  subject: REFUND_SUBJECT,
  target: 'rejected',
  change: (tx, id, at) => changeRefunds(tx, [{ id, status: 'rejected', at }]),
};
