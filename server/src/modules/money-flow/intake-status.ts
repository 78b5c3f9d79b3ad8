import {
  formatAmount,
  moneyKind,
  REFUSAL_REASONS,
  RISK_BLOCKED_STATUS,
  RISK_HELD_STATUS,
  type MoneyKindName,
  type NotifiedKind,
  type RiskAction,
} from '@bo/contract';
import type { Writes } from '../../db/writes';
import { notificationWrites } from '../merchant-notifications/merchant-notifications.service';
import type { Queryable } from '../../db/db';
import { AppError } from '../../core/app-error';
import type { IntakeFacts } from '../risk/risk-types';

/**
 * What risk controls (issue 42) may make of a new request at intake, instead of its kind's
 * usual first status: held for a reviewer, or blocked.
 */
export type RiskIntakeStatus = typeof RISK_HELD_STATUS | typeof RISK_BLOCKED_STATUS;

/** A request's facts as its kind states them; intake adds the time and the caller's address. */
export type RequestFacts = Omit<IntakeFacts, 'at' | 'sourceIp'>;

/** The status intake's verdict gives a new request: held, blocked, or its kind's own (none). */
export const intakeStatusOf = (verdict: {
  readonly outcome: RiskAction;
}): RiskIntakeStatus | undefined =>
  verdict.outcome === 'review'
    ? RISK_HELD_STATUS
    : verdict.outcome === 'block'
      ? RISK_BLOCKED_STATUS
      : undefined;

/**
 * Whether a new item reserves its money: every item but a blocked one (refused at intake, it
 * holds nothing). A held one reserves as usual, so a later approval cannot find the money gone.
 */
export const reservesAtIntake = (row: { readonly status: string }): boolean =>
  row.status !== RISK_BLOCKED_STATUS;

/**
 * A request risk controls blocked is kept (`blocked`, its lists and timeline show it) and
 * answered as refused: a 403 whose `data.reason` is `risk_blocked`, the same on every replay
 * of its request key.
 */
export function refuseIfBlocked(
  kind: string,
  shown: { readonly id: string; readonly status?: unknown },
) {
  if (shown.status !== RISK_BLOCKED_STATUS) return;
  const noun = moneyKind(kind as MoneyKindName).noun;
  throw new AppError(
    'NOT_ALLOWED',
    `A risk rule blocked this ${noun}: it is kept as blocked (id ${shown.id}) and moves no money`,
    REFUSAL_REASONS.riskBlocked,
  );
}

/**
 * Whose request it is, as risk rules watch it: a merchant and its reseller, or a reseller (a
 * withdrawal: the reseller stands as the owner and is its own reseller).
 */
export async function ownerFacts(
  tx: Queryable,
  ownerId: string,
): Promise<Pick<RequestFacts, 'merchantId' | 'resellerId'>> {
  const { rows } = await tx.query<{ reseller_account_id: string | null; account_type: string }>(
    'SELECT reseller_account_id, account_type FROM accounts WHERE id = $1',
    [ownerId],
  );
  const owner = rows[0];
  return {
    merchantId: ownerId,
    resellerId: owner?.account_type === 'reseller' ? ownerId : (owner?.reseller_account_id ?? null),
  };
}

/** A new pay-in or pay-out as its hold notice reads it. */
export interface HeldRow {
  readonly id: string;
  readonly merchant_account_id: string;
  readonly order_id: string;
  readonly status: string;
  readonly amount: bigint;
  readonly currency: string;
  readonly notify_url: string;
  readonly created_at: Date;
}

/**
 * The merchant's notice of each new item risk controls held (`payin.held_for_review`,
 * `payout.held_for_review`), to its notify URL or its default one, in the statement that makes
 * it; its final status is notified later as any other's. Null when none was held.
 */
export function heldNoticeWrites(kind: NotifiedKind, rows: readonly HeldRow[]): Writes | null {
  const held = rows.filter((r) => r.status === RISK_HELD_STATUS);
  return notificationWrites(
    held.map((r) => ({
      merchantId: r.merchant_account_id,
      refType: kind,
      refId: r.id,
      url: r.notify_url,
      payload: {
        type: kind,
        id: r.id,
        order_id: r.order_id,
        status: r.status,
        amount: formatAmount(r.amount, r.currency),
        currency: r.currency,
      },
      at: r.created_at,
    })),
  );
}
