import type { Translation } from '../../translation';

/** Chinese strings of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet). */
export const reportLedgers: Translation['reportLedgers'] = {
  columns: {
    postedAt: '时间',
    kind: '类型',
    reference: '参考',
    owner: '账户',
    debit: '借方',
    credit: '贷方',
    balance: '余额',
    opening: '期初余额',
    credits: '贷方合计',
    debits: '借方合计',
    closing: '期末余额',
    entries: '分录数',
    currency: '币种',
    payins: '代收（扣除手续费后）',
    payouts: '代付',
    settlements: '结算',
    topUps: '充值',
    adjustments: '调整',
  },
  picker: {
    contract: '合同',
    merchant: '商户',
    reseller: '代理商',
    loading: '正在加载选项…',
    none: '暂无可显示的账簿。',
  },
  header: {
    ledgerOf: '{{owner}}（{{name}}）的 {{currency}} 账簿',
    statementOf: '{{owner}}（{{name}}）的对账单',
  },
  statementNote:
    '余额 = 可用余额 + 冻结余额 + 代付余额。待处理请求的冻结在它们之间转移资金，净额为零。',
};
