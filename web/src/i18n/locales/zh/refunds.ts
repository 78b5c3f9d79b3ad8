import type { Translation } from '../../translation';

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
