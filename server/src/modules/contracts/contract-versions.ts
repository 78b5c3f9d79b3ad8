import {
  formatAmount,
  formatPercentPpm,
  type ContractRow,
  type createContract,
} from '@bo/contract';
import type { z } from 'zod';
import { badInput } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findGatewayByCode } from '../gateways/gateways.service';
import { findAccountInScope } from '../scoped-lists/scope';
import { pickContract } from './contract-rates';
import { readContractRates, readEffectiveFrom } from './contract-input';
import {
  findContractsOfMerchant,
  insertContract,
  type ContractListRow,
  type ContractRecord,
} from './contracts.queries';
import { forgetPricing } from './pricing-context';

const rateView = (
  ppm: number,
  fixed: bigint,
  currency: string,
  min?: bigint | null,
  max?: bigint | null,
) => ({
  percent: formatPercentPpm(ppm),
  fixed: formatAmount(fixed, currency),
  min: min === undefined || min === null ? null : formatAmount(min, currency),
  max: max === undefined || max === null ? null : formatAmount(max, currency),
});

/**
 * A contract version as the back-office shows it; `withResellerRates` false (a merchant
 * asking) leaves the reseller's rates out.
 */
export function viewContract(c: ContractListRow, withResellerRates = true): ContractRow {
  const cur = c.currency;
  return {
    id: c.id,
    merchant_db_code: c.merchant_db_code,
    merchant_name: c.merchant_name,
    reseller_db_code: c.reseller_db_code ?? '',
    currency: cur,
    payment_gateway_code: c.payment_gateway_code ?? '',
    version: c.version,
    effective_from: c.effective_from.toISOString(),
    payin: rateView(c.payin_ppm, c.payin_fixed, cur, c.payin_min, c.payin_max),
    payout: rateView(c.payout_ppm, c.payout_fixed, cur),
    settlement: rateView(c.settlement_ppm, c.settlement_fixed, cur),
    reseller_payin: withResellerRates
      ? rateView(c.reseller_payin_ppm, c.reseller_payin_fixed, cur)
      : null,
    reseller_payout: withResellerRates
      ? rateView(c.reseller_payout_ppm, c.reseller_payout_fixed, cur)
      : null,
    reseller_settlement: withResellerRates
      ? rateView(c.reseller_settlement_ppm, c.reseller_settlement_fixed, cur)
      : null,
    refund: rateView(c.refund_ppm, c.refund_fixed, cur),
  };
}

/**
 * Adds a new version of a merchant's contract line (never an overwrite): an admin only (the
 * call's rule), for a merchant in scope (another's merchant is not found), with checked rates and effective date.
 * Logged with the version in force before and the new one; pricing forgets its cache.
 */
export async function createContractVersion(
  ctx: UserCallContext,
  input: z.output<(typeof createContract)['request']>,
): Promise<ContractRow> {
  const cur = input.currency;
  const now = new Date();
  const view = await ctx.db.transaction(async (tx) => {
    const merchant = await findAccountInScope(tx, ctx.actor, input.merchantDbCode);
    if (merchant.account_type !== 'merchant') throw badInput('merchantDbCode must name a merchant');
    const effective = readEffectiveFrom(input.effectiveFrom, now);
    const rates = readContractRates(input, cur);
    let gatewayId: string | null = null;
    let gatewayCode: string | null = null;
    if (input.paymentGatewayCode) {
      const g = await findGatewayByCode(tx, input.paymentGatewayCode);
      if (!g || g.currency !== cur)
        throw badInput(
          `paymentGatewayCode (${input.paymentGatewayCode}) names no ${cur} payment gateway`,
        );
      gatewayId = g.id;
      gatewayCode = g.payment_gateway_code;
    }
    const reseller = merchant.reseller_account_id
      ? await tx.query<{ account_db_code: string }>(
          'SELECT account_db_code FROM accounts WHERE id = $1',
          [merchant.reseller_account_id],
        )
      : null;
    const named = (c: ContractRecord) =>
      viewContract({
        ...c,
        merchant_db_code: merchant.account_db_code,
        merchant_name: merchant.name,
        reseller_db_code: reseller?.rows[0]?.account_db_code ?? null,
        payment_gateway_code: gatewayCode,
      });
    const line = (await findContractsOfMerchant(tx, merchant.id)).filter(
      (c) => c.gateway_id === gatewayId,
    );
    const before = pickContract(line, merchant.id, cur, gatewayId, now);
    const saved = await insertContract(tx, {
      ...rates,
      merchant_account_id: merchant.id,
      currency: cur,
      gateway_id: gatewayId,
      effective_from: effective,
      created_by: ctx.actor.accountId,
    });
    const after = named(saved);
    await recordAdminLog(tx, ctx, {
      action: 'contract.create',
      actor: ctx.actor,
      targetType: 'contract',
      targetId: saved.id,
      before: before ? named(before) : undefined,
      after,
    });
    return after;
  });
  forgetPricing();
  return view;
}
