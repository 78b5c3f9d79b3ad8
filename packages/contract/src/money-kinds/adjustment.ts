import { defineLifecycle } from '../lifecycles';
import { parseAmount } from '../money';
import { defineMoneyKind, kindRoute } from './money-kind';

/**
 * A balance adjustment: an admin corrects a merchant's or a reseller's balance (a fee charged
 * twice, a goodwill credit, a write-back after a bank return). It waits for other admins'
 * approval; on approval one balanced journal entry moves the money between the owner's balance
 * and the platform's adjustments account; a rejection moves nothing.
 */
export const ADJUSTMENT_LIFECYCLE = defineLifecycle('adjustment', 'pending_approval', {
  pending_approval: ['approved', 'rejected'],
  approved: [],
  rejected: [],
});

export type AdjustmentStatus = keyof typeof ADJUSTMENT_LIFECYCLE.transitions;
export const ADJUSTMENT_STATUSES = ADJUSTMENT_LIFECYCLE.states;

/** The adjustments the pending queue holds (/balance-adjustments/pending-list). */
export const ADJUSTMENT_PENDING_STATUSES = [
  'pending_approval',
] as const satisfies readonly AdjustmentStatus[];

/** Which way an adjustment moves money: `credit` adds to the owner's balance, `debit` takes. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** The balances an adjustment may correct: a merchant's available or pay-out balance, a reseller's commission. */
export const ADJUSTMENT_BALANCES = ['available', 'payout_available', 'commission'] as const;
export type AdjustmentBalance = (typeof ADJUSTMENT_BALANCES)[number];

/** The balances each owner type has that an adjustment may correct. */
export const ADJUSTMENT_BALANCES_OF: Readonly<
  Record<'merchant' | 'reseller', readonly AdjustmentBalance[]>
> = {
  merchant: ['available', 'payout_available'],
  reseller: ['commission'],
};

/**
 * The least distinct approvers an adjustment needs of its own: three for a debit of at least
 * `thirdFromUnits` whole units of its currency (the general setting
 * `adjustment_third_approver_from`; 0: never), else one. The currency's two-approver threshold
 * may ask for more; the server keeps this on the row when it is asked for (`min_approvals`).
 */
export function adjustmentLeastApprovals(
  direction: AdjustmentDirection,
  minor: bigint,
  currency: string,
  thirdFromUnits: number,
): 1 | 3 {
  if (direction !== 'debit' || thirdFromUnits <= 0) return 1;
  const from = parseAmount(String(thirdFromUnits), currency);
  return from !== null && minor >= from ? 3 : 1;
}

/** Why an adjustment is made (a fixed list; the note says the rest). */
export const ADJUSTMENT_REASONS = [
  'fee_correction',
  'goodwill',
  'bank_return',
  'chargeback_fee',
  'other',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_KIND = defineMoneyKind({
  name: 'adjustment',
  noun: 'adjustment',
  lifecycle: ADJUSTMENT_LIFECYCLE,
  tones: { pending_approval: 'warning', approved: 'primary', rejected: 'danger' },
  outcomes: { success: ['approved'], failed: ['rejected'] },
  pendingStatuses: ADJUSTMENT_PENDING_STATUSES,
  table: 'balance_adjustments',
  owner: 'merchant',
  listRule: 'administrator',
  // Its direction is the row's: the registry's effect names the debit, its journals say which.
  money: { effect: 'debit', balance: 'available' },
  journalKinds: ['adjustment.credit', 'adjustment.debit'],
  singleJournal: { postedIn: ['approved'], against: 'platform_fees' },
  approval: {
    awaiting: 'pending_approval',
    moneyOut: true,
    decisionRule: 'administrator',
    queueRoute: 'balanceAdjustmentsPending',
    creatorColumn: 'created_by',
  },
  quoted: false,
  notified: false,
  // A platform cost in the profit reports: the net it credited owners, out of the platform's
  // fee account; no fee, no gateway, no commission (docs/money.md, "Balance adjustments").
  profit: 'cost',
  zeroProfitFigures: ['fee', 'gateway_cost', 'reseller_commission'],
  platformPaysVolume: true,
  routes: [
    kindRoute('balanceAdjustments', '/balance-adjustments/list', 'administrator'),
    kindRoute('balanceAdjustmentsPending', '/balance-adjustments/pending-list', 'administrator'),
  ],
  menu: [
    { group: 'administrator', label: 'balanceAdjustments', routeId: 'balanceAdjustments' },
    {
      group: 'administrator',
      label: 'balanceAdjustmentsPending',
      routeId: 'balanceAdjustmentsPending',
    },
  ],
});
