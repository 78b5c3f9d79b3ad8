import { reviewSubjectOf, type ReviewFacet } from '../money-flow/review-facet';
import { changeWithdrawals } from './withdrawals.service';

/**
 * A held withdrawal: an approving review approves it (an admin then completes it); a decline
 * rejects it, the reseller's commission given back.
 */
export const WITHDRAWAL_REVIEW: ReviewFacet = {
  subject: reviewSubjectOf('withdrawal'),
  approveTo: 'approved',
  change: (tx, id, to, at) =>
    changeWithdrawals(tx, [{ id, status: to as 'approved' | 'rejected', at, path: 'review' }]),
  columns: { destination: 'account_number' },
};
