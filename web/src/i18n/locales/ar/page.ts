import type { Translation } from '../translation';

/** Arabic `page.*` strings. */
export const page: Translation<'ar'>['page'] = {
  notBuiltTitle: 'غير متاحة بعد',
  notBuiltText:
    'ستتوفر هذه الشاشة في إصدار لاحق. عنصر القائمة وقواعد الوصول الخاصة بها جاهزة بالفعل.',
  starterText: 'صفحة فارغة لبدء شاشة جديدة.',
  notFoundText: 'الصفحة المطلوبة غير موجودة أو تم نقلها.',
  errorTitle: 'حدث خطأ ما',
  errorText: 'أوقف خطأ غير متوقع هذه الصفحة. حاول مرة أخرى أو عُد إلى لوحة التحكم.',
  chunkFailed: 'فشل تحميل جزء من التطبيق',
  chunkFailedText: 'تعذّر تحميل جزء من التطبيق. تحقّق من اتصالك وأعد المحاولة.',
  opening: 'جارٍ فتح {{target}} في علامة تبويب جديدة…',
  openManually: 'إذا لم يُفتح شيء، فاستخدم هذا الرابط:',
  setTelegram: 'أضف جهة اتصال تيليجرام في ملفك الشخصي',
  noTelegram: 'لا توجد جهة اتصال تيليجرام محفوظة في ملفك الشخصي بعد.',
  signingOut: 'جارٍ تسجيل الخروج…',
  relatedScreens: 'انظر أيضًا',
  chooseAccountLead: 'اختر الموزّع أو التاجر المراد عرضه؛ يُفتح تقريره.',
  chooseResellerLead: 'اختر موزّعًا لعرض أسعاره بجانب أسعار تجاره.',
  pickerReseller: 'الموزّع',
  pickerMerchant: 'التاجر',
  pickerResellerOrMerchant: 'الموزّع أو التاجر',
  pickerPlaceholder: 'اختر…',
  pickerLoading: 'جارٍ تحميل الخيارات…',
  pickerNone: 'لا يوجد ما يمكن الاختيار منه بعد.',
  chartSeries: '{{name}}: {{n}} قيمة، من {{min}} إلى {{max}}.',
  chartSeriesEmpty: '{{name}}: لا توجد قيم.',
  resellerSelfLead: 'بحساب الموزّع الخاص بك يمكنك فتح:',
};
