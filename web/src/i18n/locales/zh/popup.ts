import type { Translation } from '../translation';

/** Chinese (Simplified) `popup.*` strings. */
export const popup: Translation<'zh'>['popup'] = {
  oopsTitle: '哎呀...',
  done: '完成',
  twoFactorTitle: '双重身份验证',
  twoFactorText: '启用双重身份验证（2FA），提升您账户的安全性。',
  enable: '启用',
};
