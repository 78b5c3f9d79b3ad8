import { isFinalState, type Lifecycle, type NotifiedKind } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { LifecycleTable, StateChange } from '../../db/lifecycle-table';
import { runWrites, type Writes } from '../../db/writes';
import { walkTransitions, type TransitionResult } from '../../core/transitions';
import { applyDebits, planPostings, type JournalDraft } from '../../ledger/postings';
import { resolveReservations, type Resolution } from '../../ledger/reservations';
import {
  rollupWrites,
  transitionDeltas,
  type FeeSplitFigures,
  type RollupDelta,
} from '../../ledger/rollups';
import {
  notificationWrites,
  type NotificationDraft,
} from '../merchant-notifications/merchant-notifications.service';

/** A row of money that moves through a gateway (a pay-in, a pay-out, a refund). */
export interface GatewayMoneyRecord<S extends string> {
  readonly id: string;
  status: S;
  readonly merchant_account_id: string;
  readonly currency: string;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly gateway_id: string | null;
  readonly notify_url: string;
  readonly created_at: Date;
}

/** One asked-for step of such a row. */
export interface GatewayMoneyChange<S extends string> {
  readonly id: string;
  readonly status: S;
  readonly at: Date;
}

/** What one step moves: journals to post, a reservation to post or void, a notice to send. */
export interface StepEffects {
  readonly journals?: readonly JournalDraft[];
  readonly resolution?: Resolution;
  /** The merchant's notification payload (its `status` names the event). */
  readonly notice?: Record<string, unknown>;
}

/** How one kind moves: the registry kind, its table and what each step does. */
export interface GatewayMoneyKind<
  S extends string,
  R extends GatewayMoneyRecord<S>,
  C extends GatewayMoneyChange<S>,
  Carried extends keyof R,
> {
  readonly kind: NotifiedKind;
  readonly lifecycle: Lifecycle<S>;
  readonly table: LifecycleTable<R, Carried>;
  /** Whether reaching `status` stamps the row's final time (beyond final states: a pay-in's expiry). */
  readonly stampsFinal?: (status: S) => boolean;
  /** Text columns the step sets (a gateway's reference). */
  readonly values?: (change: C) => Partial<Record<Carried, string | undefined>>;
  /** The fee split a row recorded (its rollup figures). */
  readonly split: (row: R) => FeeSplitFigures;
  /** The fee its rollups count, when not the row's `fee` (a refund's: net of the fee it returns). */
  readonly rollupFee?: (row: R) => bigint;
  readonly effects: (row: R, change: C) => StepEffects;
}

export interface GatewayMoneyOptions<S extends string, R> {
  /** The rollup slot (group commit's batches spread over slots). */
  readonly slot?: number;
  /** Writes of the caller's, decided from the results, sent in the same statement. */
  readonly also?: (results: readonly TransitionResult<S, R>[]) => Writes | null;
}

/**
 * The one lifecycle writer of money that moves through a gateway. Walks the changes over rows
 * already locked (`walkTransitions`), then writes every decided effect: the new states, the
 * journals, the rollups and the merchant's notifications go to the database as one statement;
 * debits of cached balances and reservations posted or voided follow in the same transaction.
 * Transitions the lifecycle refuses are reported with `applied: false`.
 */
export async function changeGatewayMoney<
  S extends string,
  R extends GatewayMoneyRecord<S>,
  C extends GatewayMoneyChange<S>,
  Carried extends keyof R,
>(
  tx: Queryable,
  kind: GatewayMoneyKind<S, R, C, Carried>,
  lockedRows: readonly R[],
  changes: readonly C[],
  gatewayCodes: ReadonlyMap<string, string>,
  options: GatewayMoneyOptions<S, R> = {},
): Promise<TransitionResult<S, R>[]> {
  if (!changes.length) return [];
  const updates: StateChange<Carried>[] = [];
  const journals: JournalDraft[] = [];
  const resolutions: Resolution[] = [];
  const deltas: RollupDelta[] = [];
  const notices: NotificationDraft[] = [];
  const results = walkTransitions(kind.lifecycle, lockedRows, changes, (row, change) => {
    const final = isFinalState(kind.lifecycle, change.status);
    updates.push({
      id: row.id,
      from: row.status,
      status: change.status,
      at: change.at,
      final: final || (kind.stampsFinal?.(change.status) ?? false),
      values: kind.values?.(change),
    });
    const base = {
      ownerAccountId: row.merchant_account_id,
      currency: row.currency,
      createdAt: row.created_at,
      kind: kind.kind,
      gatewayCode: row.gateway_id ? (gatewayCodes.get(row.gateway_id) ?? '') : '',
    };
    deltas.push(
      ...transitionDeltas(
        base,
        row.status,
        change.status,
        row.amount,
        kind.rollupFee?.(row) ?? row.fee,
        kind.split(row),
      ),
    );
    const effects = kind.effects(row, change);
    journals.push(...(effects.journals ?? []));
    if (effects.resolution) resolutions.push(effects.resolution);
    if (effects.notice)
      notices.push({
        merchantId: row.merchant_account_id,
        refType: kind.kind,
        refId: row.id,
        url: row.notify_url,
        payload: effects.notice,
        at: change.at,
      });
  });
  // Every write was decided above: they go to the database as one statement.
  const posting = planPostings(journals);
  await runWrites(tx, [
    kind.table.stateWrites(updates),
    posting.writes,
    rollupWrites(deltas, options.slot),
    notificationWrites(notices),
    options.also?.(results),
  ]);
  await applyDebits(tx, posting.debits);
  await resolveReservations(tx, resolutions);
  return results;
}
