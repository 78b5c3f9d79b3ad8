import type { Translation } from '../translation';

/** Chinese (Simplified) `topbar.*` strings. */
export const topbar: Translation<'zh'>['topbar'] = {
  openMenu: '打开菜单',
  utcClock: '当前时间（UTC）',
  announcements: '公告',
  fullScreen: '切换全屏',
  layoutSettings: '布局设置',
  language: '语言',
  profile: '个人资料',
  security: '安全',
  logout: '退出登录',
  subAccount: '子账户',
  demoSeeding: '演示数据仍在生成中：随着历史记录写入，数字会逐步补全。',
  demoSeedingDay:
    '演示数据仍在生成中（第 {{day}} 天，共 {{days}} 天）：随着历史记录写入，数字会逐步补全。',
  search: {
    label: '搜索',
    placeholder: '搜索编号、订单号、账户…',
    hint: '输入编号、订单号或网关参考号的开头（至少 {{min}} 个字符），或账户代码、名称或邮箱的开头。在任意位置按 / 即可来到这里。',
    results: '搜索结果',
    tooShort: '请至少输入 {{min}} 个字符。',
    searching: '正在搜索…',
    none: '未找到与“{{text}}”相关的内容。',
    failed: '搜索失败，请重试。',
    found: '结果：{{count}} 条。用方向键选择，按 Enter 打开。',
    reconLines: '对账行',
    reconLine: '第 {{line}} 行 · {{gateway}}',
    accounts: { merchant: '商户', reseller: '代理商', sub_account: '子账户' },
    matched: {
      id: '编号',
      order_id: '订单号',
      gateway_reference: '网关参考号',
      code: '代码',
      name: '名称',
      email: '邮箱',
    },
  },
};
