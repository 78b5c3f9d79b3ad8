import {
  FEE_MOVEMENTS,
  formatAmount,
  parseAmount,
  type CallResponse,
  type getFeePreview,
} from '@bo/contract';
import type { z } from 'zod';
import { badInput, notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import {
  findActiveGateways,
  findGatewayByCode,
  type GatewayRow,
} from '../gateways/gateways.service';
import { findAccountInScope } from '../scoped-lists/scope';
import { pickContract, priceMovement } from './contract-rates';
import { readContractRates } from './contract-input';
import { findContractsOfMerchant, type ContractRecord } from './contracts.queries';

type PreviewInput = z.output<(typeof getFeePreview)['request']>;
type Preview = CallResponse<typeof getFeePreview>;

/** The gateway whose cost the preview counts: the one named, the line's own, or the first active. */
async function previewGateway(
  ctx: UserCallContext,
  input: PreviewInput,
  boundGatewayId: string | null,
): Promise<GatewayRow | null> {
  if (input.paymentGatewayCode) {
    const g = await findGatewayByCode(ctx.db, input.paymentGatewayCode);
    if (!g || g.currency !== input.currency)
      throw notFound(
        `No ${input.currency} payment gateway has the code ${input.paymentGatewayCode}`,
      );
    return g;
  }
  const active = await findActiveGateways(ctx.db, [input.currency]);
  return active.find((g) => g.id === boundGatewayId) ?? active[0] ?? null;
}

/**
 * What a sample amount would cost and yield, by the same `splitFee` the ledger prices with: the
 * contract in force now for the merchant (its gateway-specific line when a gateway is named),
 * or draft rates (admin only). What the caller may not see is null: a merchant sees fee and
 * net only, a reseller not the gateway's cost nor the platform's profit. A refund's `net` is
 * what leaves the merchant's balance.
 */
export async function previewFee(ctx: UserCallContext, input: PreviewInput): Promise<Preview> {
  const { actor } = ctx;
  const merchant = await findAccountInScope(ctx.db, actor, input.merchantDbCode);
  if (merchant.account_type !== 'merchant') throw badInput('merchantDbCode must name a merchant');
  const amount = /^\d{1,15}(\.\d+)?$/.test(input.amount)
    ? parseAmount(input.amount, input.currency)
    : null;
  if (amount === null || amount <= 0n)
    throw badInput(`amount must be a positive amount in ${input.currency}'s decimals`);
  let contract: ContractRecord | null = null;
  let gateway: GatewayRow | null;
  if (input.draft) {
    if (actor.accountType !== 'admin') throw notAllowed('Only an admin can preview draft rates');
    gateway = await previewGateway(ctx, input, null);
  } else {
    const contracts = await findContractsOfMerchant(ctx.db, merchant.id);
    const named = input.paymentGatewayCode ? await previewGateway(ctx, input, null) : null;
    contract = pickContract(contracts, merchant.id, input.currency, named?.id ?? null, new Date());
    if (!contract)
      throw notFound(`${merchant.account_db_code} has no contract in force in ${input.currency}`);
    gateway = named ?? (await previewGateway(ctx, input, contract.gateway_id));
  }
  const priced: ContractRecord = contract ?? {
    ...readContractRates(input, input.currency),
    id: '',
    version: 0,
    merchant_account_id: merchant.id,
    currency: input.currency,
    gateway_id: null,
    effective_from: new Date(),
  };
  const refund = FEE_MOVEMENTS[input.movement].feeOnTop;
  const split = priceMovement(
    amount,
    priced,
    input.movement,
    merchant.reseller_account_id !== null,
    gateway,
  );
  const money = (minor: bigint) => formatAmount(minor, input.currency);
  const seesReseller = actor.accountType !== 'merchant';
  const seesPlatform = actor.accountType === 'admin';
  return {
    amount: money(split.amount),
    fee: money(split.fee),
    merchant_net: refund ? null : money(split.merchantNet),
    merchant_pays: refund ? money(split.amount + split.fee) : null,
    reseller_commission: seesReseller ? money(split.resellerCommission) : null,
    platform_profit: seesPlatform ? money(split.platformProfit) : null,
    gateway_cost: seesPlatform ? money(split.gatewayCost) : null,
    contract_id: contract?.id ?? null,
    version: contract?.version ?? null,
    payment_gateway_code: gateway?.payment_gateway_code ?? '',
  };
}
