import type { Translation } from '../translation';

/** Chinese (Simplified) `settings.*` strings. */
export const settings: Translation<'zh'>['settings'] = {
  title: '布局设置',
  layout: '布局',
  vertical: '垂直',
  horizontal: '水平',
  width: '布局宽度',
  fluid: '流式',
  boxed: '盒式',
  sidebar: '侧边栏类型',
  topbar: '顶栏类型',
  dark: '深色',
  light: '浅色',
  compact: '紧凑',
  icon: '图标',
  colored: '彩色',
  sidebarOnlyVertical: '侧边栏类型仅适用于垂直布局。',
  rememberedNote: '已保存到您的账户，并在所有设备上生效。',
};
