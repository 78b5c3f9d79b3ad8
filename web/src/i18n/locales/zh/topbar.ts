import type { Translation } from '../../translation';

/** Chinese (Simplified) `topbar.*` strings. */
export const topbar: Translation['topbar'] = {
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
};
