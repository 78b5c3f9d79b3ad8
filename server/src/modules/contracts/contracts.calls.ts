import {
  createContract,
  formatAmount,
  formatPercentPpm,
  getContractList,
  parsePercentPpm,
  readPositiveAmount,
  type ContractRow,
} from '@bo/contract';
import { badInput, notAllowed, notFound } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findGatewayByCode } from '../gateways/gateways.service';
import { findAccountInScope, pageWindow } from '../money-scope/scope';
import { insertContract, listContracts, type ContractListRow } from './contracts.queries';
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

/** A contract version as the back-office shows it. */
export function viewContract(c: ContractListRow): ContractRow {
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
    reseller_payin: rateView(c.reseller_payin_ppm, c.reseller_payin_fixed, cur),
    reseller_payout: rateView(c.reseller_payout_ppm, c.reseller_payout_fixed, cur),
    reseller_settlement: rateView(c.reseller_settlement_ppm, c.reseller_settlement_fixed, cur),
  };
}

function readPercent(field: string, text: string | undefined): number {
  if (text === undefined) return 0;
  const ppm = parsePercentPpm(text);
  if (ppm === null)
    throw badInput(`${field} must be a percent between 0 and 100 with at most 4 decimals`);
  return ppm;
}

function readMoney(field: string, text: string | undefined, currency: string): bigint | null {
  if (text === undefined) return null;
  if (text === '0') return 0n;
  const read = readPositiveAmount(text, currency);
  if (!read.ok) throw badInput(`${field} ${read.message}`);
  return read.minor;
}

/** Contract calls: the scoped list, and an admin adding a version. */
export function registerContractCalls(registry: CallRegistry): void {
  registry
    .user(getContractList, async (ctx, input) => {
      const { rows, total } = await listContracts(ctx.db, ctx.actor, {
        ...input,
        ...pageWindow(input.page, input.pageSize),
      });
      return { rows: rows.map(viewContract), total, page: input.page, page_size: input.pageSize };
    })
    .user(createContract, (ctx, input) => {
      if (ctx.actor.accountType !== 'admin')
        throw notAllowed('Only an admin can set contract prices');
      const cur = input.currency;
      const effective = input.effectiveFrom ? new Date(input.effectiveFrom) : new Date();
      if (Number.isNaN(effective.getTime())) throw badInput('effectiveFrom must be a date');
      const min = readMoney('payinMin', input.payinMin, cur);
      const max = readMoney('payinMax', input.payinMax, cur);
      if (min !== null && max !== null && min > max)
        throw badInput('payinMin must not be above payinMax');
      const values = {
        payin_ppm: readPercent('payinPercent', input.payinPercent),
        payin_fixed: readMoney('payinFixed', input.payinFixed, cur) ?? 0n,
        payin_min: min,
        payin_max: max,
        payout_ppm: readPercent('payoutPercent', input.payoutPercent),
        payout_fixed: readMoney('payoutFixed', input.payoutFixed, cur) ?? 0n,
        settlement_ppm: readPercent('settlementPercent', input.settlementPercent),
        settlement_fixed: readMoney('settlementFixed', input.settlementFixed, cur) ?? 0n,
        reseller_payin_ppm: readPercent('resellerPayinPercent', input.resellerPayinPercent),
        reseller_payin_fixed: readMoney('resellerPayinFixed', input.resellerPayinFixed, cur) ?? 0n,
        reseller_payout_ppm: readPercent('resellerPayoutPercent', input.resellerPayoutPercent),
        reseller_payout_fixed:
          readMoney('resellerPayoutFixed', input.resellerPayoutFixed, cur) ?? 0n,
        reseller_settlement_ppm: readPercent(
          'resellerSettlementPercent',
          input.resellerSettlementPercent,
        ),
        reseller_settlement_fixed:
          readMoney('resellerSettlementFixed', input.resellerSettlementFixed, cur) ?? 0n,
      };
      return ctx.db
        .transaction(async (tx) => {
          const merchant = await findAccountInScope(tx, ctx.actor, input.merchantDbCode);
          if (merchant.account_type !== 'merchant')
            throw badInput('merchantDbCode must name a merchant');
          let gatewayId: string | null = null;
          let gatewayCode: string | null = null;
          if (input.paymentGatewayCode) {
            const g = await findGatewayByCode(tx, input.paymentGatewayCode);
            if (!g || g.currency !== cur)
              throw notFound(`No ${cur} payment gateway has the code ${input.paymentGatewayCode}`);
            gatewayId = g.id;
            gatewayCode = g.payment_gateway_code;
          }
          const saved = await insertContract(tx, {
            merchant_account_id: merchant.id,
            currency: cur,
            gateway_id: gatewayId,
            effective_from: effective,
            created_by: ctx.actor.accountId,
            ...values,
          });
          const reseller = merchant.reseller_account_id
            ? await tx.query<{ account_db_code: string }>(
                'SELECT account_db_code FROM accounts WHERE id = $1',
                [merchant.reseller_account_id],
              )
            : null;
          const view = viewContract({
            ...saved,
            merchant_db_code: merchant.account_db_code,
            merchant_name: merchant.name,
            reseller_db_code: reseller?.rows[0]?.account_db_code ?? null,
            payment_gateway_code: gatewayCode,
          });
          forgetPricing();
          await recordAdminLog(tx, ctx, {
            action: 'contract.create',
            actor: ctx.actor,
            targetType: 'contract',
            targetId: saved.id,
            after: view,
          });
          return view;
        })
        .then((view) => {
          forgetPricing();
          return view;
        });
    });
}
