import type { Translation } from '../translation';

/** Chinese strings of the gateway routing profiles screen (/payment-gateway/routing, issue 43). */
export const routing: Translation<'zh'>['routing'] = {
  intro:
    '路由配置为其方向和币种的每笔代收或代付选择支付通道。由最具体的生效配置决定路由：商户的，其次是其代理商的，最后是平台的。每次修改都需等待第二位管理员批准。',
  newProfile: '新建配置',
  newVersion: '新版本',
  newVersionOf: '{{place}} 的新版本',
  filters: {
    direction: '方向',
    currency: '币种',
    anyDirection: '全部方向',
    anyCurrency: '全部币种',
  },
  directions: { payin: '代收', payout: '代付' },
  scopes: { platform: '平台', reseller: '代理商', merchant: '商户' },
  columns: {
    direction: '方向',
    currency: '币种',
    scope: '范围',
    version: '版本',
    state: '状态',
    steps: '步骤',
    updatedAt: '更新时间',
    actions: '操作',
  },
  state: { active: '生效', off: '已关闭', waiting: '有待批准的修改' },
  empty: '尚无路由配置：每笔支付按稳定的方式分配到其币种的生效通道。',
  emptyFiltered: '没有符合这些筛选条件的路由配置。',
  summary: {
    rules: '规则（{{rules}}）',
    split: '分流 {{parts}}',
    splitPart: '{{gateway}} {{percent}}%',
    successRate: '{{window}} 分钟内成功率最高，探索 {{explore}}%',
    unreadable: '无法读取该定义',
  },
  pending: {
    title: '等待第二位管理员批准的路由配置修改',
    asked: '由 {{name}} 于 {{at}} 提出',
  },
  editor: {
    titleNew: '新建路由配置',
    direction: '方向',
    currency: '币种',
    scope: '范围',
    accountCode: '账户代码',
    accountCodeHint: '代理商或商户的代码，例如 MER00001。',
    definition: '定义（JSON）',
    definitionHint:
      '按顺序列出步骤，每步为 rules、split 或 successRate 之一；每个通道都必须是该币种的生效通道。',
    problems: '该定义有以下问题：',
    active: '执行路由（关闭：由下一个较不具体的配置路由）',
    reason: '原因',
    reasonHint: '第二位管理员在批准前会看到。',
    reasonNeeded: '请填写第二位管理员将看到的原因',
    accountNeeded: '请填写代理商或商户的代码',
    send: '申请批准',
    confirm: '请第二位管理员批准为 {{place}} 启用此路由配置？',
    done: '{{place}} 的路由配置正在审批队列中等待第二位管理员批准。',
  },
  simulation: {
    run: '模拟最近 {{days}} 天',
    none: {
      payin: '最近 {{days}} 天没有该配置会路由的代收。',
      payout: '最近 {{days}} 天没有该配置会路由的代付。',
    },
    summary: {
      payin: '最近 {{days}} 天该配置会路由 {{payments}} 笔代收；其中 {{moved}} 笔会去往其他网关。',
      payout:
        '最近 {{days}} 天该配置会路由 {{payments}} 笔代付；其中 {{moved}} 笔会去往其他网关。不回放保证金：代付按配置的选择发送，不论网关当时的保证金余额。',
    },
    totals:
      '成功率：当时 {{actualSuccess}}，预期 {{expectedSuccess}}。网关成本：当时 {{actualCost}}，使用该配置 {{simulatedCost}}（{{currency}}）。',
    caption: '最近 {{days}} 天：实际情况与该配置的结果',
    gateway: '网关',
    actualShare: '当时占比',
    simulatedShare: '配置后占比',
    actualSuccess: '当时成功率',
    expectedSuccess: '预期成功率',
    actualCost: '当时成本',
    simulatedCost: '配置后成本',
  },
};
