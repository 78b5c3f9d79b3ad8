import type { Translation } from '../translation';

/** Arabic `popup.*` strings. */
export const popup: Translation<'ar'>['popup'] = {
  oopsTitle: 'عذرًا...',
  done: 'تم',
  twoFactorTitle: 'المصادقة الثنائية',
  twoFactorText: 'عزّز أمان حسابك بتفعيل المصادقة الثنائية (2FA).',
  enable: 'تفعيل',
};
