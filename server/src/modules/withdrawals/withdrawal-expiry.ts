import type { ExpiryFacet } from '../money-flow/expiry-facet';
import { WITHDRAWAL_SUBJECT } from '../approvals/approval-subjects';
import { changeWithdrawals } from './withdrawals.service';

/** A pending withdrawal not decided in time is rejected, its reservation voided. */
export const WITHDRAWAL_EXPIRY: ExpiryFacet = {
  subject: WITHDRAWAL_SUBJECT,
  target: 'rejected',
  change: (tx, id, at) => changeWithdrawals(tx, [{ id, status: 'rejected', at }]),
};
