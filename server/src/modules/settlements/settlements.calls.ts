import {
  approveSettlement,
  approveSettlementWallet,
  completeSettlement,
  completeSettlementWallet,
  formatAmount,
  getSettlementList,
  getSettlementWalletList,
  rejectSettlement,
  rejectSettlementWallet,
  requestSettlement,
  requestSettlementWallet,
  type CallDef,
  type SettlementRow,
  type SettlementStatus,
} from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { decide, recordRequest } from '../money-scope/decision';
import { serveList } from '../money-scope/list-query';
import { isoOrNull, requireAdmin, requireMerchant } from '../money-scope/scope';
import {
  SETTLEMENT_PENDING_ONLY,
  settlementList,
  settlementsTo,
  type SettlementListRow,
  type SettlementRecord,
} from './settlements.queries';
import { changeSettlements, requestSettlements } from './settlements.service';

const rateText = (e8: bigint) => {
  const s = e8.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
};

/** A settlement as the back-office lists show it. */
export const viewSettlement = (
  s: SettlementRecord & Partial<SettlementListRow>,
): SettlementRow => ({
  id: s.id,
  merchant_db_code: s.merchant_db_code ?? '',
  merchant_name: s.merchant_name ?? '',
  destination: s.destination,
  currency: s.currency,
  amount: formatAmount(s.amount, s.currency),
  fee: formatAmount(s.fee, s.currency),
  usdt_rate: s.usdt_rate_e8 === null ? null : rateText(s.usdt_rate_e8),
  usdt_amount: s.usdt_amount === null ? null : formatAmount(s.usdt_amount, 'USDT'),
  status: s.status,
  bank_name: s.bank_name,
  account_number: s.account_number,
  account_holder: s.account_holder,
  created_at: s.created_at.toISOString(),
  decided_at: isoOrNull(s.decided_at),
  completed_at: isoOrNull(s.completed_at),
});

/** Settlement calls for both destinations (bank, USDT wallet): lists, requests, admin decisions. */
export function registerSettlementCalls(registry: CallRegistry): void {
  for (const [listCall, destination] of [
    [getSettlementList, 'bank'],
    [getSettlementWalletList, 'usdt_wallet'],
  ] as const) {
    registry.list(
      listCall,
      serveList(settlementList, viewSettlement, (input) => [
        settlementsTo(destination),
        ...(input.pendingOnly ? [SETTLEMENT_PENDING_ONLY] : []),
      ]),
    );
  }

  const request =
    (destination: 'bank' | 'usdt_wallet') =>
    async (
      ctx: Parameters<Parameters<CallRegistry['user']>[1]>[0],
      input: {
        currency: string;
        amount: string;
        bankName?: string;
        accountNumber?: string;
        accountHolder?: string;
      },
    ) => {
      requireMerchant(ctx.actor);
      return recordRequest(ctx, {
        action: `${destination === 'bank' ? 'settlement' : 'settlement_wallet'}.request`,
        targetType: 'settlement',
        currency: input.currency,
        amount: input.amount,
        create: async (tx, amount) => {
          const [s] = await requestSettlements(tx, [
            {
              merchantId: ctx.actor.scopeAccountId,
              destination,
              currency: input.currency,
              amount,
              bankName: input.bankName,
              accountNumber: input.accountNumber,
              accountHolder: input.accountHolder,
              createdAt: new Date(),
            },
          ]);
          return viewSettlement(s!);
        },
      });
    };
  registry
    .user(requestSettlement, request('bank'))
    .user(requestSettlementWallet, request('usdt_wallet'));

  const decisions: [CallDef, 'bank' | 'usdt_wallet', SettlementStatus][] = [
    [approveSettlement, 'bank', 'approved'],
    [rejectSettlement, 'bank', 'rejected'],
    [completeSettlement, 'bank', 'completed'],
    [approveSettlementWallet, 'usdt_wallet', 'approved'],
    [rejectSettlementWallet, 'usdt_wallet', 'rejected'],
    [completeSettlementWallet, 'usdt_wallet', 'completed'],
  ];
  for (const [def, destination, target] of decisions) {
    registry.user(def as typeof approveSettlement, (ctx, input) => {
      requireAdmin(ctx.actor);
      const kind = destination === 'bank' ? 'settlement' : 'settlement_wallet';
      return decide(ctx, {
        action: `${kind}.${target}`,
        targetType: kind,
        target,
        id: input.id,
        reason: input.reason,
        change: async (tx) => {
          const results = await changeSettlements(tx, [
            { id: input.id, status: target, at: new Date() },
          ]);
          // A settlement of the other destination is not found through this call.
          if (results[0]?.record && results[0].record.destination !== destination) {
            throw Object.assign(new Error('wrong destination'), { wrongDestination: true });
          }
          return results;
        },
      }).catch((error: unknown) => {
        if ((error as { wrongDestination?: boolean }).wrongDestination)
          throw badInput(
            `id names a settlement to ${destination === 'bank' ? 'the USDT wallet' : 'a bank'}`,
          );
        throw error;
      });
    });
  }
}
