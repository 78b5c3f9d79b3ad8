import { formatUsdtRate, isWithinBand, parseUsdtRate, type changeUsdtRate } from '@bo/contract';
import type { z } from 'zod';
import { badInput, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { findReviewedUsdtRate, readUsdtRate } from '../administration/administration.service';
import { findUsdtRateBandPercent } from '../approvals/approvals.service';
import { GUARDED_SETTINGS } from './guarded-settings';
import { askSettingChange } from './setting-changes.service';

const NO_RATE = {
  rate: null,
  reviewed_rate: null,
  updated_at: null,
  updated_by: null,
  reason: null,
};

/**
 * `changeUsdtRate`: a currency's new USDT rate, with a reason, in one transaction (the rate row
 * held). Within the band (`usdt_rate_band_percent`, default ±10%) of the reviewed rate (the
 * last rate a second admin approved, not the rate in force) it applies at once, written by the
 * rate's own writer (history and admin log). Beyond the band it waits for a second admin
 * (`pending_change`) and the rate in force stays; so does a currency's first rate, which has no
 * rate to be measured from (a slip of the decimal point would go unchecked). Measuring from the
 * reviewed rate keeps one admin's run of in-band steps within one band of what two people
 * agreed to. The rate in force again is a 409.
 */
export async function changeUsdtRateGuarded(
  ctx: UserCallContext,
  input: z.output<(typeof changeUsdtRate)['request']>,
): Promise<z.output<(typeof changeUsdtRate)['response']>> {
  const read = parseUsdtRate(input.rate);
  if (!read.ok) throw badInput(`rate ${read.message}`);
  const setting = GUARDED_SETTINGS.usdt_rate;
  const pending = await ctx.db.transaction(async (tx) => {
    const before = await setting.current(tx, input.currency, ctx.config);
    if (before.scaled === read.rateE8)
      throw conflict(`The USDT rate of ${input.currency} is already ${before.text}`);
    const band = await findUsdtRateBandPercent(tx);
    const reviewed = await findReviewedUsdtRate(tx, input.currency);
    // A first rate is never within a band (`isWithinBand`): it waits for a second admin too.
    if (!isWithinBand(reviewed, read.rateE8, band))
      return askSettingChange(tx, ctx, {
        kind: 'usdt_rate',
        target: input.currency,
        before,
        newValue: formatUsdtRate(read.rateE8),
        reason: input.reason,
      });
    const writer = { origin: ctx, actor: ctx.actor, requester: ctx.actor, config: ctx.config };
    await setting.write(tx, writer, {
      target: input.currency,
      before,
      newValue: formatUsdtRate(read.rateE8),
      reason: input.reason,
    });
    return null;
  });
  // A first rate waiting for its second admin leaves the currency without one.
  const row = (await readUsdtRate(ctx.db, input.currency)) ?? {
    ...NO_RATE,
    currency: input.currency,
  };
  return { ...row, pending_change: pending };
}
