import {
  SETTLEMENT_PENDING_STATUSES,
  SETTLEMENT_STATUSES,
  type SettlementStatus,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { SETTLEMENT_SUBJECT } from '../approvals/approval-subjects';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../scoped-lists/list-query';
import { feeSplitColumnsOf, statusIn, type FixedCondition } from '../scoped-lists/list-totals';
import { ownerCodeConditions } from '../scoped-lists/scope';

/** A settlement row (to bank, or to the merchant's USDT wallet at a recorded rate). */
export interface SettlementRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  destination: 'bank' | 'usdt_wallet';
  currency: string;
  amount: bigint;
  fee: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
  contract_id: string;
  usdt_rate_e8: bigint | null;
  usdt_amount: bigint | null;
  status: SettlementStatus;
  bank_name: string;
  account_number: string;
  account_holder: string;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

/** The settlements table: batched insert, lock, and state writes from the judged status. */
export const settlementsTable = defineLifecycleTable<SettlementRecord>({
  table: 'settlements',
  alias: 's',
  columns: {
    id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    destination: 'text',
    currency: 'text',
    amount: 'bigint',
    fee: 'bigint',
    reseller_commission: 'bigint',
    platform_profit: 'bigint',
    contract_id: 'uuid',
    usdt_rate_e8: 'bigint',
    usdt_amount: 'bigint',
    status: 'text',
    bank_name: 'text',
    account_number: 'text',
    account_holder: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    decided_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  setLater: ['decided_at', 'completed_at'],
  finalAt: 'completed_at',
  decidedAt: 'decided_at',
});

/** The recorded fiat-per-USDT rate of a currency (scaled by 1e8), or null when none is set. */
export async function findUsdtRate(db: Queryable, currency: string): Promise<bigint | null> {
  const { rows } = await db.query<{ rate_e8: bigint }>(
    'SELECT rate_e8 FROM usdt_rates WHERE currency = $1',
    [currency],
  );
  return rows[0]?.rate_e8 ?? null;
}

export interface SettlementListRow extends SettlementRecord {
  merchant_db_code: string;
  merchant_name: string;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
  bank_reference: string | null;
  /** YYYY-MM-DD, read as text so no zone shifts the day. */
  value_date: string | null;
  sending_account: string | null;
}

/** Settlements in the actor's scope (one destination each screen): pages and export chunks. */
export const settlementList = defineMoneyList<SettlementListRow>({
  from: 'FROM settlements s JOIN accounts m ON m.id = s.merchant_account_id',
  columns: `${settlementsTable.columns}, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
    ${approvalColumnsSql(SETTLEMENT_SUBJECT, 's')}, s.bank_reference, to_char(s.value_date, 'YYYY-MM-DD') AS value_date,
    s.sending_account`,
  alias: 's',
  scope: { merchant: 's.merchant_account_id', reseller: 's.reseller_account_id' },
  codes: ownerCodeConditions('s'),
  statuses: SETTLEMENT_STATUSES,
  // The kind comes with the destination (`settlementsTo`).
  totals: {
    fee: 's.fee',
    // A settlement's fee goes to no gateway (its registry's `zeroProfitFigures`).
    split: { ...feeSplitColumnsOf('s'), gateway_cost: '0::bigint' },
    rollup: { owner: 'merchant' },
  },
});

/** The settlements of one destination; the queue of those not yet done. */
export const settlementsTo = (destination: 'bank' | 'usdt_wallet'): FixedCondition =>
  destination === 'bank'
    ? { sql: `s.destination = 'bank'`, rollup: { kind: 'settlement' } }
    : { sql: `s.destination = 'usdt_wallet'`, rollup: { kind: 'settlement_wallet' } };
export const SETTLEMENT_PENDING_ONLY = statusIn('s', SETTLEMENT_PENDING_STATUSES);
