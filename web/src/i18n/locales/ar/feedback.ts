import type { Translation } from '../translation';

/** Arabic `feedback.*` strings. */
export const feedback: Translation<'ar'>['feedback'] = {
  field: {
    required: 'هذا الحقل مطلوب.',
    tooLong: 'استخدم {{limit}} حرفًا على الأكثر.',
    tooShort: 'استخدم {{limit}} حرفًا على الأقل.',
    email: 'أدخل عنوان بريد إلكتروني مثل name@example.com.',
    password: 'تحتاج كلمة المرور إلى {{parts}}.',
  },
  passwordParts: {
    length: '{{min}} أحرف على الأقل',
    lower: 'حرف لاتيني صغير',
    upper: 'حرف لاتيني كبير',
    digit: 'رقم',
    symbol: 'رمز',
  },
  listSeparator: '، ',
  success: {
    dismiss: 'إغلاق',
    resellerCreated: 'تم إنشاء الموزع {{name}}.',
    merchantCreated: 'تم إنشاء التاجر {{name}}.',
    accountSaved: 'تم حفظ {{name}}.',
    decision: {
      approve: 'تمت الموافقة على الطلب.',
      reject: 'تم رفض الطلب.',
      complete: 'تم تعليم الطلب كمكتمل.',
      fail: 'تم تعليم الطلب كفاشل.',
    },
  },
};
