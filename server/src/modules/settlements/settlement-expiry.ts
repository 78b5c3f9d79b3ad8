import type { ExpiryFacet } from '../money-flow/expiry-facet';
import { SETTLEMENT_SUBJECT, SETTLEMENT_WALLET_SUBJECT } from '../approvals/approval-subjects';
import { changeSettlements } from './settlements.service';

const rejectSettlement: ExpiryFacet['change'] = (tx, id, at) =>
  changeSettlements(tx, [{ id, status: 'rejected', at }]);

/** A pending settlement to a bank account not decided in time is rejected, its reservation voided. */
export const SETTLEMENT_EXPIRY: ExpiryFacet = {
  subject: SETTLEMENT_SUBJECT,
  target: 'rejected',
  change: rejectSettlement,
};

/** The same for a settlement to the USDT wallet. */
export const SETTLEMENT_WALLET_EXPIRY: ExpiryFacet = {
  subject: SETTLEMENT_WALLET_SUBJECT,
  target: 'rejected',
  change: rejectSettlement,
};
