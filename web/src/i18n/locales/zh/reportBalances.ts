import type { Translation } from '../../translation';

/** Chinese strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation['reportBalances'] = {
  merchantHint:
    '按商户和币种：期初余额、期间的变动以及期末的账本余额。结算和代付是流出的资金。差额必须为零。',
  resellerHint: '按代理商和币种：期初佣金余额、赚取和提取的佣金以及期末的账本余额。差额必须为零。',
  columns: {
    merchant: '商户',
    reseller: '代理商',
    currency: '币种',
    opening: '期初余额',
    openingCommission: '期初佣金余额',
    credited: '入账',
    settledBank: '结算至银行',
    settledUsdt: '结算至 USDT 钱包',
    paidOut: '代付',
    toppedUp: '充值',
    adjustments: '调整',
    reserved: '期末冻结',
    earned: '赚取',
    withdrawn: '已提取',
    closing: '期末余额',
    difference: '差额',
  },
};
