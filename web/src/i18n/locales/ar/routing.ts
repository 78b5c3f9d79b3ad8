import type { Translation } from '../translation';

/** Arabic strings of the gateway routing profiles screen (/payment-gateway/routing, issue 43). */
export const routing: Translation<'ar'>['routing'] = {
  intro:
    'يختار ملف التوجيه بوابة كل عملية إيداع أو صرف في اتجاهه وعملته. يوجّه الدفعةَ الملفُّ النشط الأكثر تحديدًا: ملف التاجر، وإلا فملف موزّعه، وإلا فملف المنصة. ينتظر كل تغيير موافقة مسؤول ثانٍ.',
  newProfile: 'ملف جديد',
  newVersion: 'إصدار جديد',
  newVersionOf: 'إصدار جديد من {{place}}',
  filters: {
    direction: 'الاتجاه',
    currency: 'العملة',
    anyDirection: 'كل الاتجاهات',
    anyCurrency: 'كل العملات',
  },
  directions: { payin: 'إيداع', payout: 'صرف' },
  scopes: { platform: 'المنصة', reseller: 'موزّع', merchant: 'تاجر' },
  columns: {
    direction: 'الاتجاه',
    currency: 'العملة',
    scope: 'النطاق',
    version: 'الإصدار',
    state: 'الحالة',
    steps: 'الخطوات',
    updatedAt: 'آخر تحديث',
    actions: 'الإجراءات',
  },
  state: { active: 'نشط', off: 'متوقف', waiting: 'تغيير بانتظار الموافقة' },
  empty: 'لا يوجد ملف توجيه بعد: توزَّع كل دفعة توزيعًا ثابتًا على البوابات النشطة لعملتها.',
  emptyFiltered: 'لا يطابق أي ملف توجيه هذه المرشحات.',
  summary: {
    rules: 'قواعد ({{rules}})',
    split: 'تقسيم {{parts}}',
    splitPart: '{{gateway}} {{percent}}\u00a0%',
    successRate: 'أفضل نسبة نجاح خلال {{window}} دقيقة، مع استكشاف {{explore}}\u00a0%',
    unreadable: 'تعذّرت قراءة التعريف',
  },
  pending: {
    title: 'تغييرات ملفات التوجيه بانتظار موافقة مسؤول ثانٍ',
    asked: 'طلبه {{name}} في {{at}}',
  },
  editor: {
    titleNew: 'ملف توجيه جديد',
    direction: 'الاتجاه',
    currency: 'العملة',
    scope: 'النطاق',
    accountCode: 'رمز الحساب',
    accountCodeHint: 'رمز الموزّع أو التاجر، مثل MER00001.',
    definition: 'التعريف (JSON)',
    definitionHint:
      'الخطوات بالترتيب، كل منها واحدة من rules أو split أو successRate؛ ويجب أن تكون كل بوابة بوابة نشطة للعملة.',
    problems: 'في التعريف المشكلات التالية:',
    active: 'يوجّه الدفعات (عند الإيقاف: يوجّه الملف التالي الأقل تحديدًا)',
    reason: 'السبب',
    reasonHint: 'يقرؤه المسؤول الثاني قبل الموافقة.',
    reasonNeeded: 'اذكر السبب الذي سيقرؤه المسؤول الثاني',
    accountNeeded: 'اذكر رمز الموزّع أو التاجر',
    send: 'طلب الموافقة',
    confirm: 'هل تطلب من مسؤول ثانٍ اعتماد ملف التوجيه هذا لـ {{place}}؟',
    done: 'ملف التوجيه لـ {{place}} بانتظار موافقة مسؤول ثانٍ في قائمة الموافقات.',
  },
  simulation: {
    run: 'محاكاة آخر {{days}} يومًا',
    none: {
      payin: 'لا توجد مدفوعات واردة في آخر {{days}} يومًا كان هذا الملف سيوجّهها.',
      payout: 'لا توجد مدفوعات صادرة في آخر {{days}} يومًا كان هذا الملف سيوجّهها.',
    },
    summary: {
      payin:
        'في آخر {{days}} يومًا كان هذا الملف سيوجّه {{payments}} من المدفوعات الواردة؛ {{moved}} منها كانت ستذهب إلى بوابة أخرى.',
      payout:
        'في آخر {{days}} يومًا كان هذا الملف سيوجّه {{payments}} من المدفوعات الصادرة؛ {{moved}} منها كانت ستذهب إلى بوابة أخرى. لا تُعاد محاكاة أرصدة الإيداع: تُرسل الدفعة الصادرة إلى حيث يختار الملف، أيًا كان رصيد إيداع البوابة حينها.',
    },
    totals:
      'النجاح: {{actualSuccess}} حينها، و{{expectedSuccess}} متوقع. تكلفة البوابات: {{actualCost}} حينها، و{{simulatedCost}} مع هذا الملف ({{currency}}).',
    caption: 'آخر {{days}} يومًا: ما حدث وما كان هذا الملف سيفعله',
    gateway: 'البوابة',
    actualShare: 'الحصة حينها',
    simulatedShare: 'الحصة مع الملف',
    actualSuccess: 'النجاح حينها',
    expectedSuccess: 'النجاح المتوقع',
    actualCost: 'التكلفة حينها',
    simulatedCost: 'التكلفة مع الملف',
  },
};
