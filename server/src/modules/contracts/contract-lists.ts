import {
  formatAmount,
  formatPercentPpm,
  type ContractVersionState,
  type MerchantContractRow,
  type ResellerContractRow,
} from '@bo/contract';
import { defineScopedList } from '../scoped-lists/list-query';
import type { ContractRecord } from './contracts.queries';

/** A row of the `contract_versions` view (migrations 0420, 0831) with its owners' and gateway's names. */
export interface ContractVersionRecord extends ContractRecord {
  status: ContractVersionState;
  created_at: Date;
  merchant_db_code: string;
  merchant_name: string;
  reseller_db_code: string | null;
  reseller_name: string | null;
  payment_gateway_code: string | null;
}

/**
 * Every contract version the actor may see (a reseller its merchants', a merchant its own),
 * with the version's state now; served by both /contracts and /reseller-contracts.
 */
export const contractVersionList = defineScopedList<ContractVersionRecord>({
  from: `FROM contract_versions c JOIN accounts m ON m.id = c.merchant_account_id
    LEFT JOIN accounts r ON r.id = c.reseller_account_id
    LEFT JOIN payment_gateways g ON g.id = c.gateway_id`,
  columns: `c.id, c.merchant_account_id, c.currency, c.gateway_id, c.version, c.effective_from,
    c.payin_ppm, c.payin_fixed, c.payin_min, c.payin_max, c.payout_ppm, c.payout_fixed,
    c.settlement_ppm, c.settlement_fixed, c.reseller_payin_ppm, c.reseller_payin_fixed,
    c.reseller_payout_ppm, c.reseller_payout_fixed, c.reseller_settlement_ppm,
    c.reseller_settlement_fixed, c.refund_ppm, c.refund_fixed, c.status, c.created_at, m.account_db_code AS merchant_db_code,
    m.name AS merchant_name, r.account_db_code AS reseller_db_code, r.name AS reseller_name,
    g.payment_gateway_code`,
  alias: 'c',
  scope: { merchant: 'c.merchant_account_id', reseller: 'c.reseller_account_id' },
  codes: {
    merchant: 'm.account_db_code = ?',
    reseller: 'r.account_db_code = ?',
    gateway: 'g.payment_gateway_code = ?',
  },
  statuses: ['in_force', 'scheduled', 'superseded'],
  search: { ids: ['c.id'], texts: [] },
  sorts: { effective_from: 'c.effective_from', created_at: 'c.created_at' },
  defaultSort: 'effective_from',
});

/** Only the versions of merchants that have a reseller (the reseller contracts list). */
export const WITH_RESELLER = 'c.reseller_account_id IS NOT NULL';

const versionView = (c: ContractVersionRecord) => ({
  id: c.id,
  merchant_db_code: c.merchant_db_code,
  merchant_name: c.merchant_name,
  reseller_db_code: c.reseller_db_code ?? '',
  currency: c.currency,
  payment_gateway_code: c.payment_gateway_code ?? '',
  version: c.version,
  effective_from: c.effective_from.toISOString(),
  status: c.status,
  created_at: c.created_at.toISOString(),
});

const amount = (minor: bigint | null, currency: string) =>
  minor === null ? null : formatAmount(minor, currency);

/** A version as /contracts shows it: the merchant's own rates only (its refund fee too). */
export function viewMerchantContract(c: ContractVersionRecord): MerchantContractRow {
  const cur = c.currency;
  return {
    ...versionView(c),
    payin_percent: formatPercentPpm(c.payin_ppm),
    payin_fixed: formatAmount(c.payin_fixed, cur),
    payin_min: amount(c.payin_min, cur),
    payin_max: amount(c.payin_max, cur),
    payout_percent: formatPercentPpm(c.payout_ppm),
    payout_fixed: formatAmount(c.payout_fixed, cur),
    settlement_percent: formatPercentPpm(c.settlement_ppm),
    settlement_fixed: formatAmount(c.settlement_fixed, cur),
    refund_percent: formatPercentPpm(c.refund_ppm),
    refund_fixed: formatAmount(c.refund_fixed, cur),
  };
}

/** A version as /reseller-contracts shows it: the reseller's rates beneath the merchant's. */
export function viewResellerContract(c: ContractVersionRecord): ResellerContractRow {
  const cur = c.currency;
  return {
    ...versionView(c),
    reseller_name: c.reseller_name ?? '',
    reseller_payin_percent: formatPercentPpm(c.reseller_payin_ppm),
    reseller_payin_fixed: formatAmount(c.reseller_payin_fixed, cur),
    reseller_payout_percent: formatPercentPpm(c.reseller_payout_ppm),
    reseller_payout_fixed: formatAmount(c.reseller_payout_fixed, cur),
    reseller_settlement_percent: formatPercentPpm(c.reseller_settlement_ppm),
    reseller_settlement_fixed: formatAmount(c.reseller_settlement_fixed, cur),
  };
}
