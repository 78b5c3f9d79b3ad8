import { reviewSubjectOf, type ReviewFacet } from '../money-flow/review-facet';
import { sendPayoutToGateway } from './payout-flow';
import { changePayouts } from './payouts.service';

/**
 * A held pay-out's review: approved, it goes to `processing` and then to its gateway, as an
 * approved back-office pay-out does; declined, it is rejected and its reservation voided, and
 * the merchant's notice carries the reason.
 */
export const PAYOUT_REVIEW: ReviewFacet = {
  subject: reviewSubjectOf('payout'),
  approveTo: 'processing',
  change: (tx, id, to, at, reason) =>
    changePayouts(tx, [
      { id, status: to as 'processing' | 'rejected', at, reason, path: 'review' },
    ]),
  afterApprove: sendPayoutToGateway,
  columns: { orderId: 'order_id', destination: 'account_number', fee: 'fee' },
};
