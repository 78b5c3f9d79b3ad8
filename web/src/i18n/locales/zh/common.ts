import type { Translation } from '../translation';

/** Chinese (Simplified) `common.*` strings. */
export const common: Translation<'zh'>['common'] = {
  switchFailed: '未切换：服务器未接受此更改。开关已恢复原状。',
  loading: '加载中…',
  save: '保存',
  saving: '保存中…',
  cancel: '取消',
  retry: '重试',
  close: '关闭',
  home: '首页',
  add: '添加',
  remove: '删除',
  enable: '启用',
  disable: '停用',
  enabled: '已启用',
  disabled: '未启用',
  required: '此项为必填项。',
  backToSignIn: '返回登录',
  goHome: '返回仪表盘',
  saved: '更改已保存。',
};
