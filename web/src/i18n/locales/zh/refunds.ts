import type { Translation } from '../translation';

/** The refunds' own words (issue 26): the pay-in's refund action and the refund lists. */
export const refunds: Translation<'zh'>['refunds'] = {
  action: '退款',
  title: '退款：收款 {{orderId}}',
  amount: '退款金额（{{currency}}）',
  reason: '原因',
  reasonOptional: '原因（可选）',
  reasonRequired: '请说明代商户退款的原因',
  confirm: '确认退款',
  sent: '退款已提交。',
  overRefundable: '此笔收款最多还可退款 {{refundable}}。',
  nothingLeft: '此笔收款已无可退金额：其退款和争议已占用全部金额。',
  /** The server's refusals of a refund, by `data.reason` (REFUSAL_REASONS). */
  refused: {
    overRefundable:
      '在此期间此笔收款已有部分被退款或发起争议：可退金额少于您申请的金额。请返回查看剩余金额。',
    balanceShort: '可用余额已不足以支付此退款及其手续费。',
    notSuccessful: '只有成功的收款才能退款。',
  },
  quote: {
    refundable: '可退款余额',
    amount: '退款金额',
    fee: '退款手续费',
    total: '从余额中冻结',
    available: '当前可用余额',
    remaining: '之后可用余额',
    feeReturned: '退还的收款手续费',
    needsApproval: '此退款需两名管理员批准后才会发送到网关。',
    notEnough: '可用余额不足以支付此退款及手续费。',
  },
  column: {
    reason: '原因',
  },
};
