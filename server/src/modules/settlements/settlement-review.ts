import type { Queryable } from '../../db/db';
import { reviewSubjectOf, type ReviewFacet } from '../money-flow/review-facet';
import { changeSettlements } from './settlements.service';

const changeHeld = (tx: Queryable, id: string, to: string, at: Date) =>
  changeSettlements(tx, [{ id, status: to as 'approved' | 'rejected', at, path: 'review' }]);

/** Where a settlement's money goes: the bank account, or the USDT wallet's address. */
const SETTLEMENT_COLUMNS = { destination: 'account_number', fee: 'fee' };

/**
 * A held settlement to a bank account: an approving review approves it (an admin then
 * completes it, as any approved settlement); a decline rejects it, its reservation voided.
 */
export const SETTLEMENT_REVIEW: ReviewFacet = {
  subject: reviewSubjectOf('settlement'),
  approveTo: 'approved',
  change: changeHeld,
  columns: SETTLEMENT_COLUMNS,
};

/** The same for a settlement to the USDT wallet. */
export const SETTLEMENT_WALLET_REVIEW: ReviewFacet = {
  subject: reviewSubjectOf('settlement_wallet'),
  approveTo: 'approved',
  change: changeHeld,
  columns: SETTLEMENT_COLUMNS,
};
