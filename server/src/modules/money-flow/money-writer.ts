import {
  isFinalState,
  type Lifecycle,
  type MoneyKindName,
  type NotifiedKind,
  type TransitionPath,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { LifecycleTable, StateChange } from '../../db/lifecycle-table';
import { runWrites, type Writes } from '../../db/writes';
import { walkTransitions, type TransitionResult } from '../../core/transitions';
import { applyDebits, planPostings, type JournalDraft } from '../../ledger/postings';
import { negatedDeltas } from '../../ledger/rollup-delta';
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

/** A row of money that moves along a lifecycle (a pay-in, a settlement, a top-up…). */
export interface MoneyRecord<S extends string> {
  readonly id: string;
  status: S;
  readonly currency: string;
  readonly amount: bigint;
  readonly created_at: Date;
}

/** A row of money that moves through a gateway (a pay-in, a pay-out, a refund). */
export interface GatewayMoneyRecord<S extends string> extends MoneyRecord<S> {
  readonly merchant_account_id: string;
  readonly fee: bigint;
  readonly gateway_id: string | null;
  readonly notify_url: string;
}

/** One asked-for step of such a row. */
export interface MoneyChange<S extends string> {
  readonly id: string;
  readonly status: S;
  readonly at: Date;
  /** `review`: the change is a risk review's decision, the one way out of `held_for_review`. */
  readonly path?: TransitionPath;
}

/** What one step moves: journals to post, a reservation to post or void, a notice to send. */
export interface StepEffects {
  readonly journals?: readonly JournalDraft[];
  readonly resolution?: Resolution;
  /** The merchant's notification payload (its `status` names the event). */
  readonly notice?: Record<string, unknown>;
}

/** How one kind moves through the money writer: its lifecycle, its table and each step's effects. */
export interface MoneyKindWriter<
  S extends string,
  R extends MoneyRecord<S>,
  C extends MoneyChange<S>,
  Carried extends keyof R,
> {
  readonly kind: MoneyKindName;
  readonly lifecycle: Lifecycle<S>;
  readonly table: LifecycleTable<R, Carried>;
  /** The kind a row's rollups count under, when one table holds two (a settlement to a bank or a wallet). */
  readonly rollupKind?: (row: R) => MoneyKindName;
  /** The account the row's rollups count for (a merchant, or a reseller for a withdrawal). */
  readonly owner: (row: R) => string;
  /** The gateway code its rollups carry; absent for kinds that never go through one. */
  readonly gatewayCode?: (row: R) => string;
  /** Whether reaching `status` stamps the row's final time (beyond final states: a pay-in's expiry). */
  readonly stampsFinal?: (status: S) => boolean;
  /** Whether reaching `status` stamps the row's decided time (an admin's approval or refusal). */
  readonly stampsDecided?: (status: S) => boolean;
  /** Text columns the step sets (a gateway's reference). */
  readonly values?: (change: C) => Partial<Record<Carried, string | undefined>>;
  /** The fee its rollups count (none: zero). */
  readonly rollupFee?: (row: R) => bigint;
  /** The fee split a row recorded (its rollup figures), for kinds priced by a contract. */
  readonly split?: (row: R) => FeeSplitFigures;
  /** For a kind that notifies the merchant of its steps: the notification's kind and URL. */
  readonly notify?: { readonly refType: NotifiedKind; readonly url: (row: R) => string };
  readonly effects: (row: R, change: C) => StepEffects;
}

/**
 * How one gateway kind moves: a money kind's writer less what every gateway kind shares (its
 * owner, gateway code and notify URL: `changeGatewayMoney` fills them), with its fee split.
 */
export type GatewayMoneyKind<
  S extends string,
  R extends GatewayMoneyRecord<S>,
  C extends MoneyChange<S>,
  Carried extends keyof R,
> = Omit<
  MoneyKindWriter<S, R, C, Carried>,
  'kind' | 'owner' | 'gatewayCode' | 'notify' | 'rollupKind' | 'stampsDecided' | 'split'
> & {
  readonly kind: NotifiedKind;
  /** The fee split a row recorded (its rollup figures). */
  readonly split: (row: R) => FeeSplitFigures;
};

export interface GatewayMoneyOptions<S extends string, R> {
  /** The rollup slot (group commit's batches spread over slots). */
  readonly slot?: number;
  /** Writes of the caller's, decided from the results, sent in the same statement. */
  readonly also?: (results: readonly TransitionResult<S, R>[]) => Writes | null;
}

/**
 * A gateway kind's whole writer: the merchant owns the row, its gateway's code (from
 * `gatewayCodes`) goes to the rollups, its fee is the row's unless the kind says otherwise, and
 * each step may notify the merchant.
 */
export function gatewayWriter<
  S extends string,
  R extends GatewayMoneyRecord<S>,
  C extends MoneyChange<S>,
  Carried extends keyof R,
>(
  kind: GatewayMoneyKind<S, R, C, Carried>,
  gatewayCodes: ReadonlyMap<string, string>,
): MoneyKindWriter<S, R, C, Carried> {
  return {
    ...kind,
    owner: (row) => row.merchant_account_id,
    gatewayCode: (row) => (row.gateway_id ? (gatewayCodes.get(row.gateway_id) ?? '') : ''),
    rollupFee: kind.rollupFee ?? ((row) => row.fee),
    notify: { refType: kind.kind, url: (row) => row.notify_url },
  };
}

/** The gateway kinds' lifecycle writer: `changeMoney` with their `gatewayWriter`. */
export function changeGatewayMoney<
  S extends string,
  R extends GatewayMoneyRecord<S>,
  C extends MoneyChange<S>,
  Carried extends keyof R,
>(
  tx: Queryable,
  kind: GatewayMoneyKind<S, R, C, Carried>,
  lockedRows: readonly R[],
  changes: readonly C[],
  gatewayCodes: ReadonlyMap<string, string>,
  options: GatewayMoneyOptions<S, R> = {},
): Promise<TransitionResult<S, R>[]> {
  return changeMoney(tx, gatewayWriter(kind, gatewayCodes), lockedRows, changes, options);
}

/** What the rollups need of a kind's writer to count its rows. */
type RollupCounting<S extends string, R extends MoneyRecord<S>> = Pick<
  MoneyKindWriter<S, R, MoneyChange<S>, keyof R>,
  'kind' | 'rollupKind' | 'owner' | 'gatewayCode' | 'rollupFee' | 'split'
>;

/**
 * How a row of `kind` counts in the rollups when it moves from `from` (null: just created) to
 * `to`: the one rule, for creation (`creationDeltas`) and every later step (`changeMoney`).
 */
export function moneyRollupDeltas<S extends string, R extends MoneyRecord<S>>(
  kind: RollupCounting<S, R>,
  row: R,
  from: S | null,
  to: S,
): RollupDelta[] {
  return transitionDeltas(
    {
      ownerAccountId: kind.owner(row),
      currency: row.currency,
      createdAt: row.created_at,
      kind: kind.rollupKind?.(row) ?? kind.kind,
      gatewayCode: kind.gatewayCode?.(row),
    },
    from,
    to,
    row.amount,
    kind.rollupFee?.(row) ?? 0n,
    kind.split?.(row),
  );
}

/** The rollup deltas of new rows of `kind`, each counted into its first status. */
export const creationDeltas = <S extends string, R extends MoneyRecord<S>>(
  kind: RollupCounting<S, R>,
  rows: readonly R[],
): RollupDelta[] => rows.flatMap((row) => moneyRollupDeltas(kind, row, null, row.status));

/**
 * The rollup deltas of a row moved where it stands (to another gateway, at another price): its
 * own counts taken back, the moved row's counted. Rollups count a row by its creation's
 * half-hour, so this is exact at any status.
 */
export const movedDeltas = <S extends string, R extends MoneyRecord<S>>(
  kind: RollupCounting<S, R>,
  row: R,
  moved: R,
): RollupDelta[] => [
  ...negatedDeltas(creationDeltas(kind, [row])),
  ...creationDeltas(kind, [moved]),
];

/**
 * The one lifecycle writer of money. Walks the changes over rows already locked
 * (`walkTransitions`), then writes every decided effect: the new states, the journals, the
 * rollups and the merchant's notifications go to the database as one statement; debits of
 * cached balances and reservations posted or voided follow in the same transaction.
 * Transitions the lifecycle refuses are reported with `applied: false`.
 */
export async function changeMoney<
  S extends string,
  R extends MoneyRecord<S>,
  C extends MoneyChange<S>,
  Carried extends keyof R,
>(
  tx: Queryable,
  kind: MoneyKindWriter<S, R, C, Carried>,
  lockedRows: readonly R[],
  changes: readonly C[],
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
      decided: kind.stampsDecided?.(change.status),
      values: kind.values?.(change),
    });
    deltas.push(...moneyRollupDeltas(kind, row, row.status, change.status));
    const effects = kind.effects(row, change);
    journals.push(...(effects.journals ?? []));
    if (effects.resolution) resolutions.push(effects.resolution);
    if (effects.notice && kind.notify)
      notices.push({
        merchantId: kind.owner(row),
        refType: kind.notify.refType,
        refId: row.id,
        url: kind.notify.url(row),
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
