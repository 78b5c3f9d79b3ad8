import type { Translation } from '../../translation';

/** Arabic strings of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting). */
export const reportBalances: Translation['reportBalances'] = {
  merchantHint:
    'لكل تاجر وعملة: الرصيد في بداية الفترة، وما حرّكه، ورصيد دفتر الأستاذ في نهايتها. التسويات والمدفوعات أموال خرجت. يجب أن يكون الفرق صفرًا.',
  resellerHint:
    'لكل موزع وعملة: رصيد العمولة في بداية الفترة، والعمولة المكتسبة والمسحوبة، ورصيد دفتر الأستاذ في نهايتها. يجب أن يكون الفرق صفرًا.',
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
    adjustments: 'التسويات اليدوية',
    reserved: 'المحجوز في النهاية',
    earned: 'المكتسب',
    withdrawn: 'المسحوب',
    closing: 'الرصيد الختامي',
    difference: 'الفرق',
  },
};
