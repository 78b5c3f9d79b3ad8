import { formatAmount, type ApprovalSettings } from '@bo/contract';
import type { Queryable } from '../../db/db';
import {
  findApprovalExpiryHours,
  findUsdtRateBandPercent,
  listTwoApproverThresholds,
} from './approval-settings.queries';

/** The maker-checker settings as the calls answer them. */
export async function readApprovalSettings(db: Queryable): Promise<ApprovalSettings> {
  const [hours, thresholds, band] = await Promise.all([
    findApprovalExpiryHours(db),
    listTwoApproverThresholds(db),
    findUsdtRateBandPercent(db),
  ]);
  return {
    expiry_hours: hours,
    thresholds: thresholds.map((t) => ({
      currency: t.currency,
      min_amount: formatAmount(t.minAmount, t.currency),
      is_default: t.isDefault,
    })),
    usdt_rate_band_percent: band,
  };
}
