import type { Translation } from '../../translation';

/** Arabic `profile.*` strings. */
export const profile: Translation['profile'] = {
  details: 'البيانات الشخصية',
  email: 'البريد الإلكتروني',
  username: 'اسم المستخدم',
  accountType: 'نوع الحساب',
  name: 'الاسم',
  phone: 'الهاتف',
  telegram: 'تيليجرام',
  telegramHint: 'اسم المستخدم في تيليجرام، مثل ‎@yourname',
  language: 'اللغة',
  timezone: 'المنطقة الزمنية',
  timezones: {
    Default: 'الافتراضية (UTC)',
    Malaysia: 'ماليزيا (UTC+8)',
    India: 'الهند (UTC+5:30)',
    Vietnam: 'فيتنام (UTC+7)',
    Thailand: 'تايلاند (UTC+7)',
    Brazil: 'البرازيل (UTC−3)',
    Australia: 'أستراليا (UTC+10)',
  },
  memberSince: 'عضو منذ',
};
