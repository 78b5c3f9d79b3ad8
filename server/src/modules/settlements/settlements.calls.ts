import {
  approveSettlement,
  approveSettlementWallet,
  completeSettlement,
  completeSettlementWallet,
  decideSettlements,
  decideSettlementWallets,
  formatAmount,
  getSettlementList,
  getSettlementWalletList,
  rejectSettlement,
  rejectSettlementWallet,
  requestSettlement,
  requestSettlementWallet,
  type SettlementRow,
  type SettlementStatus,
} from '@bo/contract';
import { badInput, conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { checkDestination } from '../approvals/approvals.service';
import {
  SETTLEMENT_SUBJECT,
  SETTLEMENT_WALLET_SUBJECT,
  type ApprovalSubject,
} from '../approvals/approval-subjects';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, recordRequest, type Rejection } from '../money-flow/decision';
import { ownerFacts } from '../money-flow/intake-status';
import type { Queryable } from '../../db/db';
import { serveList } from '../scoped-lists/list-query';
import { isoOrNull, requireAdmin, requireMerchant } from '../scoped-lists/scope';
import {
  SETTLEMENT_PENDING_ONLY,
  settlementList,
  settlementsTo,
  type SettlementListRow,
} from './settlements.queries';
import {
  saveRequestedAccount,
  settlementBankDetails,
  settlementWalletDetails,
} from '../settlement-settings/settlement-settings.service';
import { changeSettlements, requestSettlements } from './settlements.service';
import {
  checkValueDate,
  loggedTransfer,
  saveBankTransfer,
  type BankTransfer,
} from './bank-transfer';

const rateText = (e8: bigint) => {
  const s = e8.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
};

/** A settlement as the back-office lists show it. */
export const viewSettlement = (s: SettlementListRow): SettlementRow => ({
  id: s.id,
  merchant_db_code: s.merchant_db_code,
  merchant_name: s.merchant_name,
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
  updated_at: s.updated_at.toISOString(),
  decided_at: isoOrNull(s.decided_at),
  completed_at: isoOrNull(s.completed_at),
  approvals: s.approvals,
  approvals_required: s.approvals_required,
  decision_reason_code: s.decision_reason_code,
  decision_note: s.decision_note,
  bank_reference: s.bank_reference,
  value_date: s.value_date,
  sending_account: s.sending_account,
});

type Destination = 'bank' | 'usdt_wallet';

/** The details a request typed, to save as a bank account ("save this account"), all given. */
function typedAccount(input: {
  bankName?: string;
  accountNumber?: string;
  accountHolder?: string;
  bankAccountId?: string;
}) {
  const { bankName, accountNumber, accountHolder } = input;
  if (input.bankAccountId || !bankName || !accountNumber || !accountHolder)
    throw badInput(
      'saveAccount saves the bankName, accountNumber and accountHolder typed: send all three, without bankAccountId',
    );
  return { bankName, accountNumber, accountHolder, currency: null };
}

const subjectOf = (destination: Destination): ApprovalSubject =>
  destination === 'bank' ? SETTLEMENT_SUBJECT : SETTLEMENT_WALLET_SUBJECT;

/**
 * One admin decision on a settlement of `destination`: approve (maker-checker), reject with a
 * reason (void) or complete (post). A settlement of the other destination is a 400.
 */
async function decideSettlement(
  ctx: UserCallContext,
  destination: Destination,
  target: SettlementStatus,
  id: string,
  extra: { reason?: string; rejection?: Rejection; transfer?: BankTransfer } = {},
) {
  requireAdmin(ctx.actor);
  const subject = subjectOf(destination);
  return decide(ctx, {
    action: `${subject.refType}.${target}`,
    targetType: subject.refType,
    target,
    id,
    reason: extra.reason,
    approval: target === 'approved' ? subject : undefined,
    rejection: extra.rejection ? { ...extra.rejection, subject } : undefined,
    details: extra.transfer && loggedTransfer(extra.transfer),
    change: async (tx, at) => {
      const results = await changeSettlements(tx, [{ id, status: target, at }]);
      const record = results[0]?.record;
      if (record) checkDestination(subject, record);
      if (record && results[0]!.applied && extra.transfer) {
        checkValueDate(extra.transfer.valueDate, record.created_at, at);
        await saveBankTransfer(tx, id, extra.transfer);
      }
      return results;
    },
  });
}

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
    (destination: Destination) =>
    async (
      ctx: UserCallContext,
      input: {
        currency: string;
        amount: string;
        bankName?: string;
        accountNumber?: string;
        accountHolder?: string;
        bankAccountId?: string;
        saveAccount?: boolean;
        requestKey?: string;
      },
    ) => {
      requireMerchant(ctx.actor);
      const kind = subjectOf(destination).refType as 'settlement' | 'settlement_wallet';
      // Where the money goes, read once: risk rules judge it, the request keeps it.
      let details: Promise<Awaited<ReturnType<typeof settlementBankDetails>>> | undefined;
      const detailsOf = (tx: Queryable) =>
        (details ??=
          destination === 'bank'
            ? settlementBankDetails(tx, ctx.actor.scopeAccountId, input)
            : settlementWalletDetails(tx, ctx.actor.scopeAccountId));
      return recordRequest(ctx, {
        action: `${kind}.request`,
        targetType: 'settlement',
        currency: input.currency,
        amount: input.amount,
        input,
        risk: async (tx, amount) => {
          const to = (await detailsOf(tx)).accountNumber;
          return {
            kind,
            ...(await ownerFacts(tx, ctx.actor.scopeAccountId)),
            amount,
            currency: input.currency,
            orderId: null,
            ...(destination === 'bank' ? { bankAccount: to } : { wallet: to }),
          };
        },
        create: async (tx, amount, status) => {
          const bank = await detailsOf(tx);
          if (destination === 'bank' && input.saveAccount)
            await saveRequestedAccount(tx, ctx, typedAccount(input));
          if (destination === 'usdt_wallet' && !bank.accountNumber)
            throw conflict(
              'Save your USDT wallet address in Settlement Setting first: a settlement to the wallet needs an address',
            );
          const [s] = await requestSettlements(tx, [
            {
              merchantId: ctx.actor.scopeAccountId,
              destination,
              currency: input.currency,
              amount,
              ...bank,
              createdAt: new Date(),
              status,
            },
          ]);
          const row = await settlementList.byId(tx, ctx.actor, s!.id);
          if (!row) throw notFound('No settlement has this id');
          return viewSettlement(row);
        },
      });
    };
  registry
    .user(requestSettlement, request('bank'))
    .user(requestSettlementWallet, request('usdt_wallet'));

  for (const [approve, reject, complete, bulk, destination] of [
    [approveSettlement, rejectSettlement, completeSettlement, decideSettlements, 'bank'],
    [
      approveSettlementWallet,
      rejectSettlementWallet,
      completeSettlementWallet,
      decideSettlementWallets,
      'usdt_wallet',
    ],
  ] as const) {
    registry
      .user(approve, (ctx, input) =>
        decideSettlement(ctx, destination, 'approved', input.id, { reason: input.reason }),
      )
      .user(reject, (ctx, input) =>
        decideSettlement(ctx, destination, 'rejected', input.id, { rejection: input }),
      )
      .user(complete, (ctx, input) =>
        decideSettlement(ctx, destination, 'completed', input.id, {
          reason: input.reason,
          transfer: 'bankReference' in input ? input : undefined,
        }),
      )
      .user(
        bulk,
        serveBulkDecision({
          approve: (ctx, id) => decideSettlement(ctx, destination, 'approved', id),
          reject: (ctx, id, rejection) =>
            decideSettlement(ctx, destination, 'rejected', id, { rejection }),
        }),
      );
  }
}
