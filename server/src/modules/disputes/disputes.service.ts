import {
  DISPUTE_LIFECYCLE,
  formatAmount,
  type DisputeReasonCode,
  type DisputeStatus,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { runWrites } from '../../db/writes';
import { conflict, notFound } from '../../core/app-error';
import type { TransitionResult } from '../../core/transitions';
import {
  accountKey,
  gatewayKey,
  lockLedgerBalance,
  type LedgerKey,
} from '../../ledger/ledger-accounts';
import { postJournals, type EntryDraft, type JournalDraft } from '../../ledger/postings';
import { applyRollups } from '../../ledger/rollups';
import { findGatewayCodes } from '../gateways/gateways.service';
import { applyCreationRollup } from '../money-flow/creation-rollup';
import { changeGatewayMoney, type GatewayMoneyKind } from '../money-flow/money-writer';
import { notificationWrites } from '../merchant-notifications/merchant-notifications.service';
import { readPayinForClaim } from '../money-flow/payin-claims';
import { disputesTable, type DisputeRecord } from './disputes.queries';

/** The dispute reads the money detail uses (the service is the module's door). */
export {
  disputeList,
  disputesTable,
  findDisputeIdsOfPayin,
  type DisputeRecord,
} from './disputes.queries';
/** The evidence text writer (the demo seed answers its disputes with it). */
export { saveEvidenceText, type EvidenceText } from './disputes.queries';

/** The merchant's event each step sends to its notify URL. */
const EVENT_OF: Readonly<Record<DisputeStatus, string>> = {
  opened: 'dispute.opened',
  evidence_submitted: 'dispute.updated',
  accepted: 'dispute.updated',
  won: 'dispute.closed',
  lost: 'dispute.closed',
};

/** The merchant's accounts a dispute moves money between. */
const accountsOf = (d: Pick<DisputeRecord, 'merchant_account_id' | 'currency'>) => ({
  available: accountKey(d.merchant_account_id, d.currency, 'available'),
  disputed: accountKey(d.merchant_account_id, d.currency, 'disputed'),
  shortfall: accountKey(d.merchant_account_id, d.currency, 'dispute_shortfall'),
});

/**
 * A dispute's fee is the gateway's, passed on at cost: no commission, no platform profit. Its
 * rollups count the fee the gateway charged until a win gives it back (`recordFeesReturned`
 * then takes it off: a rollup's dispute fee is `fee − fee_returned`, as a refund's).
 */
const splitOf = (d: Pick<DisputeRecord, 'fee'>) => ({
  gatewayCost: d.fee,
  resellerCommission: 0n,
  platformProfit: 0n,
});

/**
 * What the merchant is told of a dispute wherever it is shown to it (its notifications and the
 * merchant API's view): amounts as decimal strings in the pay-in's currency.
 */
export const disputeSummary = (d: DisputeRecord) => ({
  id: d.id,
  payin_id: d.payin_id,
  status: d.status,
  reason_code: d.reason_code,
  amount: formatAmount(d.amount, d.currency),
  fee: formatAmount(d.fee, d.currency),
  currency: d.currency,
  respond_by: d.respond_by.toISOString(),
});

/** The merchant's notification of a dispute's step (`status`: the state it moves to). */
const noticeOf = (d: DisputeRecord, status: DisputeStatus) => ({
  type: 'dispute',
  event: EVENT_OF[status],
  ...disputeSummary(d),
  status,
});

/** One journal of a dispute. */
const journalOf = (
  d: DisputeRecord,
  kind: 'hold' | 'release' | 'lose',
  at: Date,
  entries: readonly EntryDraft[],
): JournalDraft => ({
  ownerAccountId: d.merchant_account_id,
  kind: `dispute.${kind}`,
  refType: 'dispute',
  refId: d.id,
  createdAt: at,
  details: { amount: d.amount, fee: d.fee },
  entries,
});

export interface NewDispute {
  /** Its id (the gateway was told it when it opened the dispute). */
  readonly id: string;
  readonly payinId: string;
  /** The disputed amount; null: all that is still disputable. */
  readonly amount: bigint | null;
  readonly fee: bigint;
  readonly reasonCode: DisputeReasonCode;
  readonly respondBy: Date;
  readonly reference: string;
  readonly createdBy: string | null;
  readonly at: Date;
}

/**
 * Locks a pay-in and checks a dispute of `amount` (null: all that is left) can be opened on it:
 * the pay-in succeeded, and the amount is at most its amount less its succeeded refunds and its
 * disputes not won. Answers the pay-in and the amount; a conflict naming what is left otherwise.
 */
export async function checkDisputable(tx: Queryable, payinId: string, asked: bigint | null) {
  // Locked, so disputes and refunds of one pay-in are judged one at a time.
  const locked = await readPayinForClaim(tx, payinId, { lock: true });
  if (!locked) throw notFound('No pay-in has this id');
  const { payin } = locked;
  const disputable = payin.amount - locked.claimed;
  const money = (v: bigint) => `${formatAmount(v, payin.currency)} ${payin.currency}`;
  if (payin.status !== 'success')
    throw conflict(`Only a successful pay-in can be disputed; this one is ${payin.status}`);
  const amount = asked ?? disputable;
  if (amount <= 0n || amount > disputable)
    throw conflict(
      `amount: at most ${money(disputable < 0n ? 0n : disputable)} of this pay-in can still be disputed (its amount less its refunds and other disputes)`,
    );
  return { payin, amount, currency: payin.currency };
}

/**
 * Records a dispute the gateway opened on a successful pay-in, in the caller's transaction, and
 * holds amount + fee at once (`dispute.hold`): from the merchant's available balance as far as
 * it goes, the rest from its `dispute_shortfall` account, which goes negative. A chargeback is
 * never refused for want of balance: the gateway already took the money. The pay-in is locked
 * first (`checkDisputable`), so the amount is judged against its refunds and other disputes
 * one at a time.
 */
export async function openDispute(tx: Queryable, r: NewDispute): Promise<DisputeRecord> {
  const { payin, amount } = await checkDisputable(tx, r.payinId, r.amount);
  const row: DisputeRecord = {
    id: r.id,
    payin_id: payin.id,
    merchant_account_id: payin.merchant_account_id,
    reseller_account_id: payin.reseller_account_id,
    currency: payin.currency,
    amount,
    fee: r.fee,
    shortfall: 0n,
    fee_returned: 0n,
    gateway_id: payin.gateway_id,
    status: 'opened',
    reason_code: r.reasonCode,
    respond_by: r.respondBy,
    gateway_reference: r.reference,
    notify_url: payin.notify_url,
    evidence_product_description: '',
    evidence_customer_communication: '',
    evidence_service_proof: '',
    evidence_note: '',
    evidence_submitted_at: null,
    created_by: r.createdBy,
    created_at: r.at,
    updated_at: r.at,
    completed_at: null,
  };
  const accounts = accountsOf(row);
  const due = row.amount + row.fee;
  // The available balance is locked before it is read, so what it gives is still there.
  const available = await lockLedgerBalance(tx, accounts.available);
  const taken = available <= 0n ? 0n : available < due ? available : due;
  row.shortfall = due - taken;
  await disputesTable.insert(tx, [row]);
  await postJournals(tx, [
    journalOf(row, 'hold', r.at, [
      { account: accounts.available, amount: -taken },
      { account: accounts.shortfall, amount: -row.shortfall },
      { account: accounts.disputed, amount: due },
    ]),
  ]);
  await applyCreationRollup(tx, DISPUTE_MONEY, row);
  await runWrites(tx, [
    notificationWrites([
      {
        merchantId: row.merchant_account_id,
        refType: 'dispute',
        refId: row.id,
        url: row.notify_url,
        payload: noticeOf(row, 'opened'),
        at: r.at,
      },
    ]),
  ]);
  return row;
}

export interface DisputeChange {
  readonly id: string;
  readonly status: DisputeStatus;
  readonly at: Date;
  /** A won dispute: whether the gateway gave its fee back (its callback says). */
  readonly feeReturned?: boolean;
}

/**
 * A won dispute's release: the hold comes back, repaying the merchant's shortfall first, then
 * to its available balance; a fee the gateway kept goes to the gateway.
 */
function releaseEntries(d: DisputeRecord, feeReturned: boolean): EntryDraft[] {
  const accounts = accountsOf(d);
  const kept = feeReturned ? 0n : d.fee;
  const back = d.amount + d.fee - kept;
  const repaid = d.shortfall < back ? d.shortfall : back;
  return [
    { account: accounts.disputed, amount: -(d.amount + d.fee) },
    { account: accounts.shortfall, amount: repaid },
    { account: accounts.available, amount: back - repaid },
    { account: gatewayKey(d.gateway_id, d.currency), amount: kept },
  ];
}

/** A lost dispute: the hold is the gateway's for good (the payer's money and its fee). */
function loseEntries(d: DisputeRecord): EntryDraft[] {
  const held = d.amount + d.fee;
  const gateway: LedgerKey = gatewayKey(d.gateway_id, d.currency);
  return [
    { account: accountsOf(d).disputed, amount: -held },
    { account: gateway, amount: held },
  ];
}

/** How a dispute moves (the shared writer of money through a gateway). */
const DISPUTE_MONEY: GatewayMoneyKind<
  DisputeStatus,
  DisputeRecord,
  DisputeChange,
  'gateway_reference'
> = {
  kind: 'dispute',
  lifecycle: DISPUTE_LIFECYCLE,
  table: disputesTable,
  split: splitOf,
  effects: (d, change) => {
    const notice = noticeOf(d, change.status);
    if (change.status === 'won')
      return {
        journals: [journalOf(d, 'release', change.at, releaseEntries(d, !!change.feeReturned))],
        notice,
      };
    if (change.status === 'lost')
      return { journals: [journalOf(d, 'lose', change.at, loseEntries(d))], notice };
    return { notice };
  },
};

/**
 * Records the fee given back with the won disputes among `results`, and takes it off their
 * rollups' fee and gateway cost (the won row's fee is what the gateway kept, which the reports
 * count). Its own statement: the writer's one statement already updates these rows (their
 * state), and PostgreSQL applies only one update of a row per statement.
 */
async function recordFeesReturned(
  tx: Queryable,
  locked: readonly DisputeRecord[],
  results: readonly TransitionResult<DisputeStatus, DisputeRecord>[],
  changes: readonly DisputeChange[],
  codes: ReadonlyMap<string, string>,
) {
  const ids = new Set(
    results
      .filter((x, i) => x.applied && x.status === 'won' && changes[i]?.feeReturned)
      .map((x) => x.id),
  );
  const returned = locked.filter((d) => ids.has(d.id) && d.fee > 0n);
  if (!ids.size) return;
  await tx.query('UPDATE disputes SET fee_returned = fee WHERE id = ANY($1::uuid[])', [[...ids]]);
  await applyRollups(
    tx,
    returned.map((d) => ({
      ownerAccountId: d.merchant_account_id,
      currency: d.currency,
      createdAt: d.created_at,
      kind: 'dispute',
      gatewayCode: codes.get(d.gateway_id) ?? '',
      status: 'won',
      count: 0,
      volume: 0n,
      fee: -d.fee,
      split: { gatewayCost: -d.fee, resellerCommission: 0n, platformProfit: 0n },
    })),
  );
}

/**
 * Moves disputes along their lifecycle: an answer (evidence, acceptance) tells the merchant; a
 * win releases the hold, a loss posts it to the gateway and tells the merchant. Transitions the
 * lifecycle refuses are reported with `applied: false`.
 */
export async function changeDisputes(
  tx: Queryable,
  changes: readonly DisputeChange[],
): Promise<TransitionResult<DisputeStatus, DisputeRecord>[]> {
  if (!changes.length) return [];
  const locked = await disputesTable.lock(
    tx,
    changes.map((c) => c.id),
  );
  return changeLockedDisputes(tx, locked, changes);
}

/**
 * `changeDisputes` for disputes the caller has locked already in this transaction (`locked`:
 * as they are now, with whatever the caller wrote since), so they are not read again.
 */
export async function changeLockedDisputes(
  tx: Queryable,
  locked: readonly DisputeRecord[],
  changes: readonly DisputeChange[],
): Promise<TransitionResult<DisputeStatus, DisputeRecord>[]> {
  if (!changes.length) return [];
  const codes = await findGatewayCodes(
    tx,
    locked.map((d) => d.gateway_id),
  );
  const results = await changeGatewayMoney(tx, DISPUTE_MONEY, locked, changes, codes);
  await recordFeesReturned(tx, locked, results, changes, codes);
  return results;
}
