import {
  formatUsdtRate,
  parseUsdtRate,
  type changeUsdtRate,
  type getUsdtRateHistory,
  type UsdtRateChangeRow,
  type UsdtRateRow,
} from '@bo/contract';
import type { z } from 'zod';
import { badInput, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { serveList } from '../money-scope/list-query';
import {
  findUsdtRates,
  insertUsdtRateChange,
  lockUsdtRate,
  usdtRateHistoryList,
  writeUsdtRate,
  type UsdtRateChangeRecord,
  type UsdtRateRecord,
} from './administration.queries';

const viewRate = (r: UsdtRateRecord): UsdtRateRow => ({
  currency: r.currency,
  rate: formatUsdtRate(r.rate_e8),
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

/**
 * Sets a currency's USDT rate: the rate row is held, the change appended to the history and
 * the admin log (before and after), all in one transaction. Settlements to the USDT wallet
 * record the rate when they are requested (`priceSettlements` reads `usdt_rates`), so the next
 * one takes the new rate and earlier ones keep theirs. The rate in force again is a 409.
 */
export async function setUsdtRate(
  ctx: UserCallContext,
  input: z.output<(typeof changeUsdtRate)['request']>,
): Promise<UsdtRateRow> {
  const read = parseUsdtRate(input.rate);
  if (!read.ok) throw badInput(`rate ${read.message}`);
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    const previous = await lockUsdtRate(tx, input.currency);
    if (previous === read.rateE8)
      throw conflict(`The USDT rate of ${input.currency} is already ${formatUsdtRate(previous)}`);
    await writeUsdtRate(tx, input.currency, read.rateE8);
    const id = await insertUsdtRateChange(tx, {
      currency: input.currency,
      previousRateE8: previous,
      rateE8: read.rateE8,
      reason: input.reason,
      changedById: actor.accountId,
      changedByUsername: actor.username,
    });
    await recordAdminLog(tx, ctx, {
      action: 'usdt_rate.change',
      actor,
      targetType: 'usdt_rate',
      targetId: input.currency,
      before: { rate: previous === null ? null : formatUsdtRate(previous) },
      after: { rate: formatUsdtRate(read.rateE8), reason: input.reason, change_id: id },
    });
  });
  const rates = await findUsdtRates(ctx.db);
  return viewRate(rates.find((r) => r.currency === input.currency)!);
}
