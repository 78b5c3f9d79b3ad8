import {
  formatAmount,
  formatPercentPpm,
  type CallResponse,
  type ContractRateLine,
  type getResellerContractRates,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { contractRates, type Movement } from './contract-rates';
import {
  findLiveContractsOfReseller,
  findResellerByCodeOrId,
  type LiveContractRecord,
} from './contracts.queries';

const rate = (
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

/** A movement's merchant and reseller rates with the margin between (the reseller's commission). */
function movementView(c: LiveContractRecord, movement: Movement) {
  const { merchant, reseller } = contractRates(c, movement);
  return {
    merchant: rate(merchant.percentPpm, merchant.fixed, c.currency, merchant.min, merchant.max),
    reseller: rate(reseller.percentPpm, reseller.fixed, c.currency),
    margin_percent: formatPercentPpm(merchant.percentPpm - reseller.percentPpm),
    margin_fixed: formatAmount(merchant.fixed - reseller.fixed, c.currency),
  };
}

/**
 * A reseller's rates beside each of its merchants' rates, line by line (merchant, currency,
 * gateway): the version in force with the margin per movement, and the versions scheduled. An
 * admin reads any reseller; a reseller only itself; anyone else finds none.
 */
export async function readResellerContractRates(
  ctx: UserCallContext,
  resellerId: string,
  currency: string | undefined,
): Promise<CallResponse<typeof getResellerContractRates>> {
  const reseller = await findResellerByCodeOrId(ctx.db, resellerId);
  const { actor } = ctx;
  const mayRead =
    reseller &&
    (actor.accountType === 'admin' ||
      (actor.accountType === 'reseller' && actor.scopeAccountId === reseller.id));
  if (!reseller || !mayRead) throw notFound(`No reseller has the code ${resellerId}`);
  const lines = new Map<string, ContractRateLine>();
  for (const c of await findLiveContractsOfReseller(ctx.db, reseller.id, currency)) {
    const key = `${c.merchant_db_code}/${c.currency}/${c.payment_gateway_code ?? ''}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        merchant_db_code: c.merchant_db_code,
        merchant_name: c.merchant_name,
        currency: c.currency,
        payment_gateway_code: c.payment_gateway_code ?? '',
        in_force: null,
        scheduled: [],
      };
      lines.set(key, line);
    }
    const version = {
      id: c.id,
      version: c.version,
      effective_from: c.effective_from.toISOString(),
    };
    if (c.status === 'scheduled') line.scheduled.push(version);
    else
      line.in_force = {
        ...version,
        payin: movementView(c, 'payin'),
        payout: movementView(c, 'payout'),
        settlement: movementView(c, 'settlement'),
        refund: rate(c.refund_ppm, c.refund_fixed, c.currency),
      };
  }
  return {
    reseller_db_code: reseller.account_db_code,
    reseller_name: reseller.name,
    lines: [...lines.values()],
  };
}
