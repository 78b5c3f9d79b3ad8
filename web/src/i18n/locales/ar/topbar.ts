import type { Translation } from '../../translation';

/** Arabic `topbar.*` strings. */
export const topbar: Translation['topbar'] = {
  openMenu: 'فتح القائمة',
  utcClock: 'الوقت الحالي (UTC)',
  announcements: 'الإعلانات',
  fullScreen: 'ملء الشاشة',
  layoutSettings: 'إعدادات التخطيط',
  language: 'اللغة',
  profile: 'الملف الشخصي',
  security: 'الأمان',
  logout: 'تسجيل الخروج',
  subAccount: 'حساب فرعي',
  demoSeeding: 'ما زال العالم التجريبي قيد الإنشاء: تكتمل الأرقام مع كتابة سجله.',
  demoSeedingDay:
    'ما زال العالم التجريبي قيد الإنشاء (اليوم {{day}} من {{days}}): تكتمل الأرقام مع كتابة سجله.',
};
