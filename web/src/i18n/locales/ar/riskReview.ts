import type { Translation } from '../translation';

/** The risk review queue's own words (issue 42; docs/risk.md, Review queue). */
export const riskReview: Translation<'ar'>['riskReview'] = {
  column: {
    kind: 'النوع',
    owner: 'التاجر أو الموزّع',
    destination: 'الوجهة',
    heldBy: 'احتجزته',
  },
  heldByUnknown: 'قاعدة مخاطر',
  decline: 'رفض',
  noun: {
    payin: 'الدفعة الواردة',
    payout: 'الدفعة الصادرة',
    settlement: 'التسوية',
    settlement_wallet: 'التسوية إلى محفظة USDT',
    withdrawal: 'السحب',
  },
  item: '{{noun}} {{owner}} · {{amount}} {{currency}}',
  approve: {
    payin: 'السماح بمتابعة {{item}}: يتلقى الدافع صفحة الدفع.',
    payout: 'السماح بإرسال {{item}} إلى بوابتها.',
    settlement: 'السماح بمتابعة {{item}} كتسوية معتمدة يدفعها مسؤول ويعلّمها منجزة.',
    settlement_wallet: 'السماح بمتابعة {{item}} كتسوية معتمدة إلى محفظة USDT الخاصة بها.',
    withdrawal: 'السماح بمتابعة {{item}} كسحب معتمد يدفعه مسؤول ويعلّمه منجزًا.',
  },
  approveMany:
    'السماح بمتابعتها، كلٌّ كما يتابع نوعه بعد الموافقة (الدفعة الصادرة إلى بوابتها). ما يحتاج مراجعين آخرين ينتظرهم.',
  declineEffect: {
    debit: 'رفض {{item}} وإعادة {{total}} {{currency}} إلى {{balance}} لدى {{owner}}.',
    credit: 'رفض {{item}}: لا يُطلب من الدافع الدفع، ولا يتحرك شيء.',
  },
  declineMany: 'رفضها: يُرفض كلٌّ منها، ويعود المبلغ والرسوم المحجوزة إلى الرصيد الذي جاءت منه.',
  ownerType: {
    merchant: 'التاجر',
    reseller: 'الموزّع',
  },
  balance: {
    available: 'الرصيد المتاح',
    payout_available: 'رصيد المدفوعات الصادرة',
    commission: 'رصيد العمولات',
  },
};
