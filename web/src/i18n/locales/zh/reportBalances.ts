import type { Translation } from '../translation';

/** Chinese strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation<'zh'>['reportBalances'] = {
  merchantHint:
    '按商户和币种：期初余额、期间的变动以及期末的账本余额。结算和代付是流出的资金。差额必须为零。',
  resellerHint:
    '按代理商和币种：期初佣金余额、已赚取和已提现的佣金，以及期末账簿余额的组成：可提现（收益明细的期末余额）和待处理提现冻结；期末余额为两者合计。差额必须为零。',
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
    refunded: '已退款',
    disputesLost: '争议损失',
    adjustments: '调整',
    reserved: '期末冻结',
    disputesHeld: '期末未结争议冻结',
    earned: '赚取',
    withdrawn: '已提取',
    closing: '期末余额',
    difference: '差额',
    availableCommission: '期末可提现',
    reservedWithdrawals: '待处理提现冻结',
    closingTotal: '期末余额（合计）',
  },
  setting: {
    intro:
      '每个报表默认显示哪些可选列，以及报表打开时使用的时区。在报表上自行选择过列的用户保留其选择；其他用户看到这些默认设置。',
    zoneTitle: '默认时区',
    zoneText: '当地址未指定时区时，报表按此时区计算日期；用户仍可在报表上选择其他时区。',
    zoneLabel: '时区',
    columnsText: '默认显示 {{total}} 个可选列中的 {{shown}} 个',
    alwaysShown: '标识每一行的列和报表本身的结果始终显示。',
    showAll: '全部显示',
    save: '保存',
    undo: '撤销更改',
    unsaved: '未保存的更改：{{count}}',
    confirm: '保存报表设置？{{changes}}',
    zoneChange: '默认时区：{{from}} → {{to}}。',
    columnsChange: '新设为默认隐藏的列：{{hidden}}；新设为显示的列：{{shown}}。',
    saved: '报表设置已保存。',
  },
};
