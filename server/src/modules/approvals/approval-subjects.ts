import {
  moneyKind,
  type ApprovalTierKind,
  RECON_WRITE_OFF_LIFECYCLE,
  SETTING_CHANGE_LIFECYCLE,
  type Lifecycle,
  type MONEY_KINDS,
  type MoneyKindDef,
  type MoneyKindName,
  type TransitionPath,
} from '@bo/contract';

/** The money kinds that wait for an admin's decision (their registry entry has `approval`). */
export type ApprovedKindName = Extract<(typeof MONEY_KINDS)[number], { approval: object }>['name'];

/**
 * A kind of back-office request an admin approves or rejects: where its rows live, its
 * lifecycle, whether it is money leaving (maker-checker threshold) and the status it waits in.
 */
export interface ApprovalSubject {
  /**
   * The `approvals.ref_type`, the admin log's target type: a kind's name (its risk review's
   * approvals too, a pay-in's included), or a request that is no money kind.
   */
  readonly refType: MoneyKindName | 'setting_change' | 'recon_write_off';
  /** How messages name one ("pay-out"). */
  readonly noun: string;
  readonly table: string;
  readonly lifecycle: Lifecycle<string>;
  /**
   * Money leaving needs two distinct approvers at or above its currency's threshold (or as many
   * as its tier's band says, `tierKind`).
   */
  readonly isMoneyOut: boolean;
  /** The status a request waits for its decision in (the expiry sweep's queue). */
  readonly awaiting: string;
  /** A settlement call decides only settlements of its own destination. */
  readonly destination?: 'bank' | 'usdt_wallet';
  /** A column naming the creator besides `money_requests` (top-ups record `created_by`). */
  readonly creatorColumn?: 'created_by';
  /**
   * Waiting past `approval_expiry_hours` it expires (`isRequestExpired`): the request-expiry
   * sweep rejects it and no admin may approve it meanwhile. Top-ups wait until decided.
   */
  readonly expires: boolean;
  /**
   * A column of its rows holding the least distinct approvers the row needs, fixed when it was
   * asked for (a large balance-adjustment debit needs three); the threshold may ask for more.
   */
  readonly leastApprovalsColumn?: 'min_approvals';
  /**
   * Its approval tiers by amount (`approval_tiers.tier_kind`): where its currency has bands of
   * this kind, they say how many approvers it needs instead of the two-approver threshold.
   */
  readonly tierKind?: ApprovalTierKind;
  /**
   * SQL for the least distinct approvers the row under the alias needs, when it is not a column
   * of its own (a held item's: the risk decision's `min_approvals`).
   */
  readonly leastApprovalsSql?: (alias: string) => string;
  /** `review`: its approvals are a risk review's, the one way a held item moves (`canTransition`). */
  readonly path?: TransitionPath;
}

/** The approval subject of a money kind, from its registry entry. */
export function subjectOfKind(name: ApprovedKindName): ApprovalSubject {
  const kind: MoneyKindDef = moneyKind(name);
  const approval = kind.approval!;
  return {
    refType: name,
    noun: kind.noun,
    table: kind.table,
    lifecycle: kind.lifecycle,
    isMoneyOut: approval.moneyOut,
    awaiting: approval.awaiting,
    expires: true,
    ...(approval.destination && { destination: approval.destination }),
    ...(approval.creatorColumn && { creatorColumn: approval.creatorColumn }),
    ...(approval.tierKind && { tierKind: approval.tierKind }),
  };
}

export const PAYOUT_SUBJECT = subjectOfKind('payout');
export const SETTLEMENT_SUBJECT = subjectOfKind('settlement');
export const SETTLEMENT_WALLET_SUBJECT = subjectOfKind('settlement_wallet');
export const WITHDRAWAL_SUBJECT = subjectOfKind('withdrawal');
/** Money coming in: the request-expiry sweep leaves a top-up waiting until it is decided. */
export const TOP_UP_SUBJECT: ApprovalSubject = { ...subjectOfKind('top_up'), expires: false };

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
  expires: true,
};

/**
 * A reconciliation write-off (docs/reconciliation.md): decided as money-out is (two distinct
 * admins at or above its currency's threshold, never whoever asked), on the size of the
 * difference written off.
 */
export const RECON_WRITE_OFF_SUBJECT: ApprovalSubject = {
  refType: 'recon_write_off',
  noun: 'write-off',
  table: 'recon_resolutions',
  lifecycle: RECON_WRITE_OFF_LIFECYCLE,
  isMoneyOut: true,
  awaiting: 'pending',
  creatorColumn: 'created_by',
  expires: true,
};
