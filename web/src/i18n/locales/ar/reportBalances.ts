import type { Translation } from '../translation';

/** Arabic strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation<'ar'>['reportBalances'] = {
  merchantHint:
    'لكل تاجر وعملة: الرصيد في بداية الفترة، وما حرّكه، ورصيد دفتر الأستاذ في نهايتها. التسويات والمدفوعات أموال خرجت. يجب أن يكون الفرق صفرًا.',
  resellerHint:
    'لكل موزع وعملة: رصيد العمولة في بداية الفترة، والعمولة المكتسبة والمسحوبة، ورصيد السجل في نهايتها بجزأيه: المتاح للسحب (رصيد الإقفال في كشف الأرباح) والمحجوز لطلبات السحب المعلقة؛ رصيد الإقفال هو مجموعهما. يجب أن يكون الفرق صفرًا.',
  columns: {
    merchant: 'التاجر',
    reseller: 'الموزع',
    currency: 'العملة',
    opening: 'الرصيد الافتتاحي',
    openingCommission: 'رصيد العمولة الافتتاحي',
    credited: 'المودَع',
    settledBank: 'مسوّى إلى البنك',
    settledUsdt: 'مسوّى إلى محفظة USDT',
    paidOut: 'المدفوع',
    toppedUp: 'المشحون',
    refunded: 'المسترد',
    disputesLost: 'المفقود في النزاعات',
    adjustments: 'التسويات اليدوية',
    reserved: 'المحجوز في النهاية',
    disputesHeld: 'المحجوز للنزاعات المفتوحة في النهاية',
    earned: 'المكتسب',
    withdrawn: 'المسحوب',
    closing: 'الرصيد الختامي',
    difference: 'الفرق',
    availableCommission: 'المتاح في النهاية',
    reservedWithdrawals: 'محجوز لطلبات سحب معلقة',
    closingTotal: 'رصيد الإقفال (الإجمالي)',
  },
  setting: {
    intro:
      'الأعمدة الاختيارية التي يعرضها كل تقرير افتراضيًا، والمنطقة الزمنية التي تُفتح بها التقارير. من اختار أعمدته بنفسه في تقرير يحتفظ باختياره؛ ويرى الآخرون هذه الإعدادات الافتراضية.',
    zoneTitle: 'المنطقة الزمنية الافتراضية',
    zoneText:
      'تقرأ التقارير أيامها في هذه المنطقة عندما لا يحدد العنوان منطقة؛ ويمكن لأي شخص اختيار منطقة أخرى في التقرير.',
    zoneLabel: 'المنطقة الزمنية',
    columnsText: '{{shown}} من {{total}} من الأعمدة الاختيارية معروضة افتراضيًا',
    alwaysShown: 'ما يحدد كل صف ونتيجة التقرير نفسها يُعرضان دائمًا.',
    showAll: 'إظهار الكل',
    save: 'حفظ',
    undo: 'التراجع عن التغييرات',
    unsaved: 'تغييرات غير محفوظة: {{count}}',
    confirm: 'هل تريد حفظ إعدادات التقارير؟ {{changes}}',
    zoneChange: 'المنطقة الزمنية الافتراضية: {{from}} ← {{to}}.',
    columnsChange: 'أعمدة أصبحت مخفية افتراضيًا: {{hidden}}؛ أعمدة أصبحت معروضة: {{shown}}.',
    saved: 'تم حفظ إعدادات التقارير.',
  },
};
