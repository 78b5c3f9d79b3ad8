import { PAYOUT_QUEUED_STATUS } from '@bo/contract';
import type { Db } from '../../db/db';
import { sendPayoutToGateway } from './payout-flow';
import { changePayouts } from './payouts.service';

/** How many queued pay-outs one release round looks at, oldest first. */
const RELEASE_BATCH = 200;

/**
 * Sends the pay-outs waiting for their gateway's deposit (`queued_for_gateway`) whose gateway
 * can now pay them, oldest first: each is asked to go to `processing`, which admits it when
 * the deposit, net of what is in flight, covers it (`changePayouts`; one that still does not
 * fit stays queued, and a later, smaller one may go before it). Those admitted are handed to
 * their gateway after the transaction. Answers how many went. A background job runs it every
 * round (money-jobs); with nothing queued it is one read of an empty partial index.
 */
export async function releaseQueuedPayouts(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM payouts WHERE status = $1 ORDER BY created_at, id LIMIT ${RELEASE_BATCH}`,
    [PAYOUT_QUEUED_STATUS],
  );
  if (!rows.length) return 0;
  const results = await db.transaction((tx) =>
    changePayouts(
      tx,
      rows.map((r) => ({ id: r.id, status: 'processing' as const, at: now })),
    ),
  );
  const released = results.filter((r) => r.applied && r.status === 'processing');
  for (const r of released) await sendPayoutToGateway(db, r.id);
  return released.length;
}
