import type { Db } from '../../db/db';
import { reviewSubjectOf, type ReviewFacet } from '../money-flow/review-facet';
import { startAtGateway, startedChange } from './payin-flow';
import { changePayins, lockPayins, PAYIN_TTL_MS } from './payins.service';

/**
 * A held pay-in, once its review let it go: asked of its gateway now (the payer had no page
 * while it was held) and moved to processing with its page, or failed when no gateway takes
 * it, as a new pay-in is started (`startAtGateway`, with its fallback).
 */
async function startReviewedPayin(db: Db, id: string): Promise<void> {
  const [payin] = await db.transaction((tx) => lockPayins(tx, [id]));
  if (!payin || payin.status !== 'created') return;
  const handed = await startAtGateway(db, payin);
  await db.transaction((tx) =>
    changePayins(tx, [startedChange(handed.payin, handed.page, new Date())]),
  );
}

/**
 * A held pay-in's review (issue 42): held before any gateway was asked, so nothing is reserved
 * and no payer has a page. Approved, it becomes `created` with a fresh expiry (the payer's time
 * starts now) and is started at its gateway; declined, it is `rejected` and the merchant told.
 */
export const PAYIN_REVIEW: ReviewFacet = {
  subject: reviewSubjectOf('payin'),
  approveTo: 'created',
  async change(tx, id, to, at) {
    const results = await changePayins(tx, [
      { id, status: to as 'created' | 'rejected', at, path: 'review' },
    ]);
    if (to === 'created' && results[0]?.applied)
      await tx.query('UPDATE payins SET expires_at = $2 WHERE id = $1', [
        id,
        new Date(at.getTime() + PAYIN_TTL_MS).toISOString(),
      ]);
    return results;
  },
  afterApprove: startReviewedPayin,
  columns: { orderId: 'order_id', fee: 'fee' },
};
