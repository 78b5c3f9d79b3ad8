import {
  formatUsdtRate,
  isWithinBand,
  parseUsdtRate,
  type changeUsdtRate,
  type SettingChangeRow,
  type UsdtRateRow,
} from '@bo/contract';
import type { z } from 'zod';
import { badInput, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { readUsdtRate } from '../administration/administration.service';
import { findUsdtRateBandPercent } from '../approvals/approvals.service';
import { GUARDED_SETTINGS } from './guarded-settings';
import { askSettingChange } from './setting-changes.service';

/**
 * `changeUsdtRate`: a currency's new USDT rate, with a reason, in one transaction (the rate row
 * held). Within the band (`usdt_rate_band_percent`, default ±10% of the rate in force) it
 * applies at once, written by the rate's own writer (history and admin log), as does a
 * currency's first rate. Beyond the band it waits for a second admin (`pending_change`) and the
 * rate in force stays. The rate in force again is a 409.
 */
export async function changeUsdtRateGuarded(
  ctx: UserCallContext,
  input: z.output<(typeof changeUsdtRate)['request']>,
): Promise<UsdtRateRow & { pending_change: SettingChangeRow | null }> {
  const read = parseUsdtRate(input.rate);
  if (!read.ok) throw badInput(`rate ${read.message}`);
  const setting = GUARDED_SETTINGS.usdt_rate;
  const pending = await ctx.db.transaction(async (tx) => {
    const before = await setting.current(tx, input.currency);
    if (before.scaled === read.rateE8)
      throw conflict(`The USDT rate of ${input.currency} is already ${before.text}`);
    const band = await findUsdtRateBandPercent(tx);
    // A first rate has nothing to be measured from: it applies (every fiat currency has one).
    if (before.scaled !== null && !isWithinBand(before.scaled, read.rateE8, band))
      return askSettingChange(tx, ctx, {
        kind: 'usdt_rate',
        target: input.currency,
        before,
        newValue: formatUsdtRate(read.rateE8),
        reason: input.reason,
      });
    const writer = { origin: ctx, actor: ctx.actor, requester: ctx.actor };
    await setting.write(tx, writer, {
      target: input.currency,
      before,
      newValue: formatUsdtRate(read.rateE8),
      reason: input.reason,
    });
    return null;
  });
  const row = await readUsdtRate(ctx.db, input.currency);
  return { ...row!, pending_change: pending };
}
