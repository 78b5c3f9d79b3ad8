import type { ExpiryFacet } from '../money-flow/expiry-facet';
import { PAYOUT_SUBJECT } from '../approvals/approval-subjects';
import { changePayouts } from './payouts.service';

/** A pay-out awaiting approval not decided in time is rejected, its reservation voided. */
export const PAYOUT_EXPIRY: ExpiryFacet = {
  subject: PAYOUT_SUBJECT,
  target: 'rejected',
  change: (tx, id, at, reason) => changePayouts(tx, [{ id, status: 'rejected', at, reason }]),
};
