import { batchesInFlight } from '../../db/batches';
import type { Db } from '../../db/db';
import { GroupCommit, groupCommitOf } from '../../db/group-commit';
import type { PayinRecord } from './payins.queries';
import {
  changePayins,
  createPayins,
  type NewPayin,
  type PayinChange,
  type PayinChangeResult,
} from './payins.service';

/**
 * Creates one pay-in (state `created`) through the database's group commit: concurrent
 * creations share one statement, and each resolves once it has committed. A bad item (a
 * reused order id, a currency without contract) fails alone with the error it would get on
 * its own.
 */
export function submitPayinCreation(db: Db, item: NewPayin): Promise<PayinRecord> {
  return groupCommitOf(
    db,
    'payin-create',
    () =>
      new GroupCommit<NewPayin, PayinRecord>(db, {
        many: (tx, items) => createPayins(tx, items),
        one: async (tx, i) => (await createPayins(tx, [i]))[0]!,
        key: (i) => `${i.merchantId}:${i.orderId}`,
        batchIsOneStatement: true,
        maxConcurrent: batchesInFlight(db),
      }),
  ).submit(item);
}

/** Applies one pay-in transition (as `changePayins` does) through the group commit. */
export function submitPayinChange(db: Db, change: PayinChange): Promise<PayinChangeResult> {
  return groupCommitOf(
    db,
    'payin-change',
    () =>
      new GroupCommit<PayinChange, PayinChangeResult>(db, {
        many: (tx, changes) => changePayins(tx, changes),
        one: async (tx, c) => (await changePayins(tx, [c]))[0]!,
        key: (c) => c.id,
        maxConcurrent: batchesInFlight(db),
      }),
  ).submit(change);
}
