import {
  getAllCurrencyBalance,
  getBalanceReport,
  getContractLedger,
  getContractLedgerSummary,
  getDailyEarningReport,
  getDailyTransactionsReport,
  getDetailedProfitReport,
  getEarningsReport,
  getMerchantBalanceSettlement,
  getMerchantStatement,
  getProfitReport,
  getResellerBalanceSettlement,
  getResellerContractLedger,
  getResellerEarningStatement,
  getUsdtWalletLedger,
  type AccountType,
  type CallDef,
} from '@bo/contract';
import type { Db } from '../../server/src/db/db';

/*
 * Every report of the menus and what each role opens it with (bench:reports, bench:growth).
 */

/** The demo tenants the reports are opened for. */
export interface WorldIds {
  resellerId: string;
  merchantId: string;
  /** MER00001's THB contract: its ledger is the big merchant's `available` account. */
  contractId: string;
}

export interface ReportCase {
  label: string;
  def: CallDef;
  /** The report's own fields for a role (the period, zone and page are added). */
  fields: (role: AccountType, ids: WorldIds) => Record<string, string>;
  /** A balance at an instant (now), not a period. */
  instant?: boolean;
}

const none = () => ({});
/** Every report of the menus; each is timed for every role its call's rule allows. */
export const REPORTS: readonly ReportCase[] = [
  { label: 'profit', def: getProfitReport, fields: none },
  {
    label: 'detailed profit',
    def: getDetailedProfitReport,
    fields: (_, w) => ({ id: w.resellerId }),
  },
  { label: 'daily transactions', def: getDailyTransactionsReport, fields: none },
  { label: 'daily earning', def: getDailyEarningReport, fields: none },
  {
    label: 'contract ledger',
    def: getContractLedger,
    fields: (_, w) => ({ contractId: w.contractId }),
  },
  {
    label: 'reseller contract ledger',
    def: getResellerContractLedger,
    fields: (_, w) => ({ contractId: w.contractId }),
  },
  {
    label: 'merchant statement',
    def: getMerchantStatement,
    fields: (_, w) => ({ merchantId: w.merchantId }),
  },
  {
    label: 'reseller earning statement',
    def: getResellerEarningStatement,
    fields: (role, w) => ({
      currency: 'THB',
      ...(role === 'admin' ? { resellerId: w.resellerId } : {}),
    }),
  },
  {
    label: 'USDT wallet',
    def: getUsdtWalletLedger,
    fields: (role, w): Record<string, string> =>
      role === 'merchant' ? {} : { merchantId: w.merchantId },
  },
  { label: 'merchant balance settlement', def: getMerchantBalanceSettlement, fields: none },
  { label: 'reseller balance settlement', def: getResellerBalanceSettlement, fields: none },
  { label: 'earnings (admin)', def: getEarningsReport, fields: none },
  { label: 'contract ledger summary (admin)', def: getContractLedgerSummary, fields: none },
  { label: 'balance reports (admin)', def: getBalanceReport, fields: none, instant: true },
  {
    label: 'all-currency balance (admin)',
    def: getAllCurrencyBalance,
    fields: none,
    instant: true,
  },
];

/** Whether `role` may open a report (its call's rule). */
export const allows = (def: CallDef, role: AccountType) =>
  !def.rule.accountTypes || def.rule.accountTypes.includes(role);

/** The ids of the demo reseller, merchant and the merchant's THB contract. */
export async function worldIds(db: Db): Promise<WorldIds> {
  const { rows } = await db.query<{ reseller: string; merchant: string; contract: string }>(
    `SELECT (SELECT id::text FROM accounts WHERE account_db_code = 'RES00001') AS reseller,
            (SELECT id::text FROM accounts WHERE account_db_code = 'MER00001') AS merchant,
            (SELECT c.id::text FROM contracts c JOIN accounts a ON a.id = c.merchant_account_id
              WHERE a.account_db_code = 'MER00001' AND c.currency = 'THB'
              ORDER BY c.version DESC, c.created_at DESC LIMIT 1) AS contract`,
  );
  const r = rows[0]!;
  return { resellerId: r.reseller, merchantId: r.merchant, contractId: r.contract };
}

/** What a report answered: how many rows, and the differences it found (none expected). */
export interface ReportAnswer {
  total: number;
  differences: string[];
}
