import type { Translation } from '../translation';

/** Chinese strings of general settings (/general-settings). */
export const platformSettings: Translation<'zh'>['platformSettings'] = {
  intro:
    '整个产品读取的平台设置。每次更改都需先确认，并记入管理日志；更改立即生效，但放宽保护的更改须等待第二位管理员批准（见其卡片）。',
  save: '保存',
  undo: '撤销更改',
  saved: '设置已保存',
  defaultIs: '默认：{{value}}',
  defaultWithUnit: '默认：{{value}} {{unit}}',
  change: '{{setting}}：{{from}} → {{to}}',
  confirm: '保存这些更改吗？{{changes}}',
  errors: {
    required: '请输入一个值',
    whole: '请输入 {{min}} 到 {{max}} 之间的整数',
    link: '请输入以 http:// 或 https:// 开头的地址（最多 {{max}} 个字符）',
    amount: '请输入最多 {{decimals}} 位小数的金额',
  },
  cards: {
    live: {
      title: '实时更新与监控',
      text: '实时页面的刷新频率，以及处理中的代收何时被视为卡住。',
    },
    links: {
      title: '外部链接',
      text: '公告频道、营销资料和聊天链接的目标地址。',
    },
    signIn: {
      title: '登录保护',
      text: '在时间窗口内允许的登录失败次数，超过后将拒绝登录。',
    },
    approvals: {
      title: '双人复核',
      text: '资金流出何时需要两名审批人，以及请求可等待决定的时长。',
    },
    demo: {
      title: '演示数据',
      text: '仪表板数据是否包含演示账户。',
    },
    money: {
      title: '余额调整',
      text: '扣款调整达到多少金额起需要第三位审批人；0 表示从不需要。',
    },
  },
  fields: {
    liveUpdateIntervalMs: '实时更新间隔',
    payinStuckMinutes: '代收卡住判定时间',
    announcementChannelUrl: '公告频道',
    marketingMaterialsUrl: '营销资料',
    skypeUrl: '在线聊天',
    loginMaxFailuresPerAccount: '每个账户的登录失败次数',
    loginMaxFailuresPerAddress: '每个地址的登录失败次数',
    loginFailureWindowMinutes: '登录失败统计时长',
    refundReturnsPayinFee: '退款退还收款手续费（1 是，0 否）',
    adjustmentThirdApproverFrom: '扣款需第三位审批人的起始金额',
  },
  units: {
    liveUpdateIntervalMs: '秒',
    payinStuckMinutes: '分钟',
    loginMaxFailuresPerAccount: '次',
    loginMaxFailuresPerAddress: '次',
    loginFailureWindowMinutes: '分钟',
    refundReturnsPayinFee: '0 或 1',
    adjustmentThirdApproverFrom: '该币种的整数单位',
  },
  signInGuard: {
    secondAdmin:
      '放宽限制（允许更多登录失败，或缩短计数时长）需等待第二位管理员批准；收紧则立即生效。',
    waiting: '等待第二位管理员在审批队列中批准；在此之前现行限制保持不变：',
    reasonHint: '放宽限制时必填：第二位管理员会在批准前阅读。',
    confirm:
      '保存这些更改？{{changes}}。放宽的限制不会立即生效：需等待第二位管理员在审批队列中批准。',
  },
  approvals: {
    reason: '变更原因',
    reasonHint: '此处的任何变更都必须填写：第二位管理员在批准前会阅读。',
    reasonRequired: '请填写变更原因：第二位管理员会阅读。',
    waiting: '已保存为待第二位管理员批准的变更：另一位管理员在审批队列中批准后生效。',
    secondAdmin: '此处的任何变更都需要第二位管理员批准后才生效。',
    band: 'USDT 汇率区间（±%）',
    bandHint: '超过此幅度的 USDT 汇率变更需要第二位管理员。默认：10',
    confirmBand: '允许 ±{{percent}}% 以内的 USDT 汇率变更立即生效？',
    expiry: '待处理请求过期时间（小时）',
    expiryHint: '未决定的代付、结算和提现将在此时间后被拒绝。默认：72',
    confirmExpiry: '让待处理请求等待 {{hours}} 小时后过期吗？',
    currency: '币种',
    threshold: '需两名审批人的起始金额',
    thresholdHint: '等于或高于此金额需要两名审批人；0 表示所有金额。',
    confirmThreshold: '{{amount}} 及以上的 {{currency}} 资金流出将需要两名审批人。保存吗？',
    everyAmount: '默认',
    edit: '更改',
    tiers: {
      title: '按金额的审批层级',
      text: '按类型和币种设置金额区间，每个区间需要一位、两位或三位不同的审批人。某类型和币种设有区间时，区间取代双人审批门槛；余额调整保留其第三位审批人，未被任何风控规则拦下的 API 代付仍会立即发出。',
      kinds: { payout: '代付', settlement: '结算', withdrawal: '提现' },
      kind: '类型',
      bands: '区间（起始金额 → 审批人数）',
      from: '起始金额',
      approvers: '审批人数',
      fromOf: '区间 {{n}}：起始金额',
      approversOf: '区间 {{n}}：审批人数',
      remove: '移除',
      removeOf: '移除区间 {{n}}',
      add: '添加区间',
      removeAll: '移除这些层级',
      problems: {
        order: '必须高于上一个区间。',
        fewer: '所需审批人不能少于上一个区间。',
      },
      confirm:
        '第二位管理员批准后，{{currency}} 的{{kind}}将按这些区间所需的审批人数审批。保存吗？',
      confirmRemove:
        '移除 {{currency}} 的{{kind}}审批层级吗？第二位管理员批准后，将重新适用双人审批门槛。',
      waiting: '以下层级变更正在审批队列中等待第二位管理员；在此之前现行层级保持不变：',
      none: '尚无层级：所有类型和币种都适用双人审批门槛。',
    },
  },
  demo: {
    switch: '切换',
    included: '仪表板数据包含演示账户',
    excluded: '仪表板数据不包含演示账户',
    confirmOn: '在所有仪表板数据中包含演示账户吗？',
    confirmOff: '在所有仪表板数据中排除演示账户吗？',
  },
};
