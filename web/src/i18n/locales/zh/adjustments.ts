import type { Translation } from '../translation';

/** The balance adjustments' own words (issue 41): the lists' columns and the New adjustment form. */
export const adjustments: Translation<'zh'>['adjustments'] = {
  new: '新建调整',
  confirm: '确认调整',
  sent_one: '调整已记录：还需另外 {{count}} 位管理员批准。',
  sent_other: '调整已记录：还需另外 {{count}} 位管理员批准。',
  balance: {
    available: '可用余额（商户）',
    payout_available: '代付余额（商户）',
    commission: '佣金余额（代理商）',
  },
  balanceInText: {
    available: '可用余额',
    payout_available: '代付余额',
    commission: '佣金余额',
  },
  form: {
    owner: '商户或代理商编号',
    ownerHint: '调整可用余额或代付余额填商户编号，调整佣金填代理商编号。',
    direction: '方向',
    balance: '余额',
    reason: '原因',
    note: '备注',
    noteHint: '必填：审批人和管理日志都会看到。',
    noteRequired: '请为审批人填写备注。',
    related: '关联交易 ID（可选）',
    relatedHint: '此调整所更正的收款、代付或其他交易（如有）。',
  },
  review: {
    credit: '向 {{owner}} 的{{balance}}入账 {{amount}}。',
    debit: '从 {{owner}} 的{{balance}}扣除 {{amount}}。',
    nothingMovesYet: '在其他管理员批准之前资金不会变动；若被拒绝则不做任何变动。',
    needsApprovals: '资金变动前需要其他管理员（非您本人）批准。',
    needsApprovalsCount_one: '还需 {{count}} 位其他管理员（非您本人）批准。',
    needsApprovalsCount_other: '还需 {{count}} 位其他管理员（非您本人）批准。',
  },
  column: {
    owner: '所属账户',
    direction: '方向',
    balance: '余额',
    reason: '原因',
    related: '关联交易',
  },
  decision: {
    approve:
      '批准即记录您的审批；最后一次所需的审批完成后资金才会变动（届时若余额不足以扣款，将被拒绝）。',
    reject: '拒绝即关闭此调整：资金不做任何变动。',
  },
};
