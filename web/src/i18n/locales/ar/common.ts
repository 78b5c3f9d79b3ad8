import type { Translation } from '../translation';

/** Arabic `common.*` strings. */
export const common: Translation<'ar'>['common'] = {
  switchFailed: 'لم يتم التبديل: لم يقبل الخادم التغيير. عاد المفتاح إلى وضعه السابق.',
  loading: 'جارٍ التحميل…',
  save: 'حفظ',
  saving: 'جارٍ الحفظ…',
  cancel: 'إلغاء',
  retry: 'إعادة المحاولة',
  close: 'إغلاق',
  home: 'الرئيسية',
  add: 'إضافة',
  remove: 'إزالة',
  enable: 'تفعيل',
  disable: 'تعطيل',
  enabled: 'مفعّلة',
  disabled: 'معطّلة',
  required: 'هذا الحقل مطلوب.',
  backToSignIn: 'العودة إلى تسجيل الدخول',
  goHome: 'العودة إلى لوحة التحكم',
  saved: 'تم حفظ التغييرات.',
};
