import type { Translation } from '../translation';

/** Arabic `topbar.*` strings. */
export const topbar: Translation<'ar'>['topbar'] = {
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
  search: {
    label: 'بحث',
    placeholder: 'ابحث عن المعرّفات وأرقام الطلبات والحسابات…',
    hint: 'اكتب بداية معرّف أو رقم طلب أو مرجع البوابة ({{min}} أحرف على الأقل)، أو بداية رمز الحساب أو اسمه أو بريده الإلكتروني. اضغط / للوصول إلى هنا من أي مكان.',
    results: 'نتائج البحث',
    tooShort: 'اكتب {{min}} أحرف على الأقل.',
    searching: 'جارٍ البحث…',
    none: 'لم يُعثر على شيء لـ «{{text}}».',
    failed: 'تعذّر البحث. حاول مرة أخرى.',
    found: 'النتائج: {{count}}. استخدم مفاتيح الأسهم لاختيار نتيجة و Enter لفتحها.',
    reconLines: 'سطور التسوية',
    reconLine: 'السطر {{line}} · {{gateway}}',
    accounts: { merchant: 'التجار', reseller: 'الموزعون', sub_account: 'الحسابات الفرعية' },
    matched: {
      id: 'المعرّف',
      order_id: 'رقم الطلب',
      gateway_reference: 'مرجع البوابة',
      code: 'الرمز',
      name: 'الاسم',
      email: 'البريد الإلكتروني',
    },
  },
};
