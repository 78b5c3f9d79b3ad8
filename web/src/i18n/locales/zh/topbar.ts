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
};
