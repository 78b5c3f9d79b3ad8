import type { Translation } from '../../translation';

/** Chinese (Simplified) `profile.*` strings. */
export const profile: Translation['profile'] = {
  details: '个人信息',
  email: '邮箱',
  username: '用户名',
  accountType: '账户类型',
  name: '姓名',
  phone: '电话',
  telegram: 'Telegram',
  telegramHint: '您的 Telegram 用户名，例如 @yourname',
  language: '语言',
  timezone: '时区',
  timezones: {
    Default: '默认（UTC）',
    Malaysia: '马来西亚（UTC+8）',
    India: '印度（UTC+5:30）',
    Vietnam: '越南（UTC+7）',
    Thailand: '泰国（UTC+7）',
    Brazil: '巴西（UTC−3）',
    Australia: '澳大利亚（UTC+10）',
  },
  memberSince: '注册时间',
};
