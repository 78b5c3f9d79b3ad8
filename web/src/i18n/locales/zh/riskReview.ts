import type { Translation } from '../translation';

/** The risk review queue's own words (issue 42; docs/risk.md, Review queue). */
export const riskReview: Translation<'zh'>['riskReview'] = {
  column: {
    kind: '类型',
    owner: '商户或代理商',
    destination: '目的地',
    heldBy: '暂扣规则',
  },
  heldByUnknown: '一条风险规则',
  decline: '拒绝',
  noun: {
    payin: '代收',
    payout: '代付',
    settlement: '结算',
    settlement_wallet: 'USDT 钱包结算',
    withdrawal: '提现',
  },
  item: '{{noun}} {{owner}} · {{amount}} {{currency}}',
  approve: {
    payin: '放行{{item}}：付款人将收到付款页面。',
    payout: '放行{{item}}，发送至其支付网关。',
    settlement: '放行{{item}}，作为已批准的结算，由管理员付款并标记完成。',
    settlement_wallet: '放行{{item}}，作为已批准的结算转入其 USDT 钱包。',
    withdrawal: '放行{{item}}，作为已批准的提现，由管理员付款并标记完成。',
  },
  approveMany:
    '全部放行，每一项按其类型批准后的流程继续（代付发送至其网关）。需要更多审核人的项目将继续等待。',
  declineEffect: {
    debit: '拒绝{{item}}，并将 {{total}} {{currency}} 退回{{owner}}的{{balance}}。',
    credit: '拒绝{{item}}：不会要求付款人付款，资金不发生任何变动。',
  },
  declineMany: '全部拒绝：每一项都被拒绝，其占用的金额和手续费退回原来的余额。',
  ownerType: {
    merchant: '商户',
    reseller: '代理商',
  },
  balance: {
    available: '可用余额',
    payout_available: '代付余额',
    commission: '佣金余额',
  },
};
