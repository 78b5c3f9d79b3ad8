import type { Translation } from '../../translation';

/** Arabic strings of general settings (/general-settings). */
export const platformSettings: Translation<'ar'>['platformSettings'] = {
  intro:
    'إعدادات المنصة التي يقرؤها المنتج بأكمله. يُؤكَّد كل تغيير أولًا، ويُطبَّق فورًا، ويُسجَّل في سجل الإدارة.',
  save: 'حفظ',
  undo: 'تراجع عن التغييرات',
  saved: 'تم حفظ الإعدادات',
  defaultIs: 'الافتراضي: {{value}}',
  defaultWithUnit: 'الافتراضي: {{value}} {{unit}}',
  change: '{{setting}}: {{from}} ← {{to}}',
  confirm: 'هل تريد حفظ هذه التغييرات؟ {{changes}}',
  errors: {
    required: 'أدخل قيمة',
    whole: 'أدخل عددًا صحيحًا من {{min}} إلى {{max}}',
    link: 'أدخل عنوانًا يبدأ بـ http:// أو https:// (بحد أقصى {{max}} حرفًا)',
    amount: 'أدخل مبلغًا بعدد منازل عشرية لا يتجاوز {{decimals}}',
  },
  cards: {
    live: {
      title: 'التحديثات المباشرة والمراقبة',
      text: 'عدد مرات تحديث الشاشات المباشرة، ومتى تُعدّ عملية الإيداع قيد المعالجة عالقة.',
    },
    links: {
      title: 'الروابط الخارجية',
      text: 'إلى أين تقود روابط قناة الإعلانات والمواد التسويقية والدردشة.',
    },
    signIn: {
      title: 'حماية تسجيل الدخول',
      text: 'عدد محاولات تسجيل الدخول الفاشلة المسموح بها خلال الفترة قبل رفض تسجيل الدخول.',
    },
    approvals: {
      title: 'الموافقة المزدوجة',
      text: 'متى تحتاج عملية إخراج الأموال إلى موافقين اثنين، وكم يمكن أن ينتظر الطلب قرارًا.',
    },
    demo: {
      title: 'البيانات التجريبية',
      text: 'هل تشمل أرقام لوحة التحكم الحسابات التجريبية.',
    },
  },
  fields: {
    liveUpdateIntervalMs: 'فاصل التحديث المباشر',
    payinStuckMinutes: 'يُعدّ الإيداع عالقًا بعد',
    announcementChannelUrl: 'قناة الإعلانات',
    marketingMaterialsUrl: 'المواد التسويقية',
    skypeUrl: 'الدردشة',
    loginMaxFailuresPerAccount: 'محاولات الدخول الفاشلة لكل حساب',
    loginMaxFailuresPerAddress: 'محاولات الدخول الفاشلة لكل عنوان',
    loginFailureWindowMinutes: 'تُحتسب المحاولات الفاشلة خلال',
    refundReturnsPayinFee: 'الاسترداد يعيد رسوم الدفعة (1 نعم، 0 لا)',
  },
  units: {
    liveUpdateIntervalMs: 'ثانية',
    payinStuckMinutes: 'دقيقة',
    loginMaxFailuresPerAccount: 'محاولة',
    loginMaxFailuresPerAddress: 'محاولة',
    loginFailureWindowMinutes: 'دقيقة',
    refundReturnsPayinFee: '0 أو 1',
  },
  approvals: {
    reason: 'سبب التغيير',
    reasonHint: 'مطلوب مع أي تغيير هنا: يقرؤه المسؤول الثاني قبل الموافقة.',
    reasonRequired: 'اذكر سبب التغيير: يقرؤه المسؤول الثاني.',
    waiting: 'حُفظ كتغيير ينتظر مسؤولًا ثانيًا: يُطبَّق حين يوافق عليه مسؤول آخر في قائمة الموافقات.',
    secondAdmin: 'أي تغيير هنا يحتاج إلى مسؤول ثانٍ قبل أن يُطبَّق.',
    band: 'نطاق سعر USDT (±٪)',
    bandHint: 'تغيير سعر USDT الأكبر من هذا يحتاج إلى مسؤول ثانٍ. الافتراضي: 10',
    confirmBand: 'هل تسمح بتطبيق تغييرات سعر USDT حتى ±{{percent}}٪ فورًا؟',
    expiry: 'تنتهي صلاحية الطلبات المعلقة بعد (ساعات)',
    expiryHint: 'تُرفض المدفوعات والتسويات والسحوبات التي لم يُبتّ فيها بعد هذه المدة. الافتراضي: 72',
    confirmExpiry: 'هل تريد أن تنتظر الطلبات المعلقة {{hours}} ساعة قبل انتهاء صلاحيتها؟',
    currency: 'العملة',
    threshold: 'موافقان اثنان ابتداءً من',
    thresholdHint:
      'المبالغ المساوية لهذا الحد أو الأعلى منه تحتاج إلى موافقين اثنين؛ 0 تعني كل المبالغ.',
    confirmThreshold:
      'ستحتاج عمليات إخراج {{currency}} بمبلغ {{amount}} أو أكثر إلى موافقين اثنين. هل تريد الحفظ؟',
    everyAmount: 'افتراضي',
    edit: 'تغيير',
  },
  demo: {
    switch: 'تبديل',
    included: 'الحسابات التجريبية مشمولة في أرقام لوحة التحكم',
    excluded: 'الحسابات التجريبية مستبعدة من أرقام لوحة التحكم',
    confirmOn: 'هل تريد تضمين الحسابات التجريبية في كل أرقام لوحة التحكم؟',
    confirmOff: 'هل تريد استبعاد الحسابات التجريبية من كل أرقام لوحة التحكم؟',
  },
};
