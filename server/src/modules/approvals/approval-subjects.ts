import {
  PAYOUT_LIFECYCLE,
  SETTING_CHANGE_LIFECYCLE,
  SETTLEMENT_LIFECYCLE,
  TOP_UP_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
  type Lifecycle,
} from '@bo/contract';

/**
 * A kind of back-office request an admin approves or rejects: where its rows live, its
 * lifecycle, whether it is money leaving (maker-checker threshold) and the status it waits in.
 */
export interface ApprovalSubject {
  /** The `approvals.ref_type`, the admin log's target type. */
  readonly refType:
    'payout' | 'settlement' | 'settlement_wallet' | 'withdrawal' | 'top_up' | 'setting_change';
  /** How messages name one ("pay-out"). */
  readonly noun: string;
  readonly table: 'payouts' | 'settlements' | 'withdrawals' | 'top_ups' | 'setting_changes';
  readonly lifecycle: Lifecycle<string>;
  /** Money leaving needs two distinct approvers at or above its currency's threshold. */
  readonly isMoneyOut: boolean;
  /** The status a request waits for its decision in (the expiry sweep's queue). */
  readonly awaiting: string;
  /** A settlement call decides only settlements of its own destination. */
  readonly destination?: 'bank' | 'usdt_wallet';
  /** A column naming the creator besides `money_requests` (top-ups record `created_by`). */
  readonly creatorColumn?: 'created_by';
}

export const PAYOUT_SUBJECT: ApprovalSubject = {
  refType: 'payout',
  noun: 'pay-out',
  table: 'payouts',
  lifecycle: PAYOUT_LIFECYCLE,
  isMoneyOut: true,
  awaiting: 'pending_approval',
};

export const SETTLEMENT_SUBJECT: ApprovalSubject = {
  refType: 'settlement',
  noun: 'settlement',
  table: 'settlements',
  lifecycle: SETTLEMENT_LIFECYCLE,
  isMoneyOut: true,
  awaiting: 'pending',
  destination: 'bank',
};

export const SETTLEMENT_WALLET_SUBJECT: ApprovalSubject = {
  ...SETTLEMENT_SUBJECT,
  refType: 'settlement_wallet',
  noun: 'settlement to the USDT wallet',
  destination: 'usdt_wallet',
};

export const WITHDRAWAL_SUBJECT: ApprovalSubject = {
  refType: 'withdrawal',
  noun: 'withdrawal',
  table: 'withdrawals',
  lifecycle: WITHDRAWAL_LIFECYCLE,
  isMoneyOut: true,
  awaiting: 'pending',
};

export const TOP_UP_SUBJECT: ApprovalSubject = {
  refType: 'top_up',
  noun: 'top-up',
  table: 'top_ups',
  lifecycle: TOP_UP_LIFECYCLE,
  isMoneyOut: false,
  awaiting: 'pending',
  creatorColumn: 'created_by',
};

/**
 * A change of a guarded setting (setting-changes module): one approver besides whoever asked
 * (never an account of theirs), as for a top-up; it holds no amount.
 */
export const SETTING_CHANGE_SUBJECT: ApprovalSubject = {
  refType: 'setting_change',
  noun: 'setting change',
  table: 'setting_changes',
  lifecycle: SETTING_CHANGE_LIFECYCLE,
  isMoneyOut: false,
  awaiting: 'pending',
  creatorColumn: 'created_by',
};
