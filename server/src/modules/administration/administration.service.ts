import {
  formatUsdtRate,
  type getUsdtRateHistory,
  type UsdtRateChangeRow,
  type UsdtRateRow,
} from '@bo/contract';
import type { z } from 'zod';
import type { RequestOrigin, UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { serveList } from '../scoped-lists/list-query';
import {
  findUsdtRates,
  insertUsdtRateChange,
  usdtRateHistoryList,
  writeUsdtRate,
  type UsdtRateChangeRecord,
  type UsdtRateRecord,
} from './administration.queries';

/**
 * A currency's rate in force, held until the transaction ends, and the rate two people last
 * agreed to (the guarded change's reads).
 */
export { findReviewedUsdtRate, lockUsdtRate } from './administration.queries';

const viewRate = (r: UsdtRateRecord): UsdtRateRow => ({
  currency: r.currency,
  rate: formatUsdtRate(r.rate_e8),
  reviewed_rate: formatUsdtRate(r.reviewed_rate_e8),
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
  reason: r.reason,
});

const viewRateChange = (c: UsdtRateChangeRecord): UsdtRateChangeRow => ({
  id: c.id,
  currency: c.currency,
  previous_rate: c.previous_rate_e8 === null ? null : formatUsdtRate(c.previous_rate_e8),
  rate: formatUsdtRate(c.rate_e8),
  reason: c.reason,
  changed_by: c.changed_by,
  created_at: c.created_at.toISOString(),
});

/** Every currency's USDT rate in force. */
export async function readUsdtRates(ctx: UserCallContext) {
  return { rates: (await findUsdtRates(ctx.db)).map(viewRate) };
}

/** The rate history: page and export. */
export const usdtRateHistoryService = serveList<
  UsdtRateChangeRecord,
  UsdtRateChangeRow,
  z.output<(typeof getUsdtRateHistory)['request']>
>(usdtRateHistoryList, viewRateChange);

/** Who changes a rate: the admin who asked (the history's `changed_by`) and the log's actor. */
export interface UsdtRateWriter {
  readonly origin: RequestOrigin;
  readonly actor: UserCallContext['actor'];
  readonly changedBy: { readonly accountId: string; readonly username: string };
}

/**
 * Puts a currency's new USDT rate in force, in the caller's transaction (the rate row held by
 * `lockUsdtRate`): the rate written, the change appended to the history and the admin log
 * (before and after). Settlements to the USDT wallet record the rate when they are requested
 * (`priceSettlements` reads `usdt_rates`), so the next one takes the new rate and earlier ones
 * keep theirs. Whether it may apply at once (its band) is the setting-changes module's rule.
 */
export async function applyUsdtRate(
  tx: Queryable,
  writer: UsdtRateWriter,
  change: {
    currency: string;
    previous: bigint | null;
    rateE8: bigint;
    reason: string;
    /** Approved by a second admin: it becomes the reviewed rate the band is measured from. */
    reviewed: boolean;
  },
): Promise<void> {
  await writeUsdtRate(tx, change.currency, change.rateE8, change.reviewed);
  const id = await insertUsdtRateChange(tx, {
    currency: change.currency,
    previousRateE8: change.previous,
    rateE8: change.rateE8,
    reason: change.reason,
    changedById: writer.changedBy.accountId,
    changedByUsername: writer.changedBy.username,
  });
  await recordAdminLog(tx, writer.origin, {
    action: 'usdt_rate.change',
    actor: writer.actor,
    targetType: 'usdt_rate',
    targetId: change.currency,
    before: { rate: change.previous === null ? null : formatUsdtRate(change.previous) },
    after: {
      rate: formatUsdtRate(change.rateE8),
      reason: change.reason,
      change_id: id,
      requested_by: writer.changedBy.username,
    },
  });
}

/** A currency's rate in force as the calls show it (read after a change). */
export async function readUsdtRate(db: Queryable, currency: string): Promise<UsdtRateRow | null> {
  const row = (await findUsdtRates(db)).find((r) => r.currency === currency);
  return row ? viewRate(row) : null;
}
