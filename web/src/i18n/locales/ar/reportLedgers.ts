import type { Translation } from '../../translation';

/** Arabic strings of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet). */
export const reportLedgers: Translation['reportLedgers'] = {
  columns: {
    postedAt: 'الوقت',
    kind: 'النوع',
    reference: 'المرجع',
    owner: 'الحساب',
    debit: 'مدين',
    credit: 'دائن',
    balance: 'الرصيد',
    opening: 'الرصيد الافتتاحي',
    credits: 'إجمالي الدائن',
    debits: 'إجمالي المدين',
    closing: 'الرصيد الختامي',
    entries: 'القيود',
    currency: 'العملة',
    payins: 'المدفوعات الواردة (صافية من الرسوم)',
    payouts: 'المدفوعات الصادرة',
    settlements: 'التسويات',
    topUps: 'عمليات الشحن',
    adjustments: 'التعديلات',
  },
  picker: {
    contract: 'العقد',
    merchant: 'التاجر',
    reseller: 'الموزع',
    loading: 'جارٍ تحميل الخيارات…',
    none: 'لا يوجد دفتر أستاذ لعرضه بعد.',
  },
  header: {
    ledgerOf: 'دفتر أستاذ {{owner}} ({{name}}) بعملة {{currency}}',
    statementOf: 'كشف حساب {{owner}} ({{name}})',
  },
  statementNote:
    'الرصيد = المتاح + المحجوز + أرصدة المدفوعات الصادرة. حجوزات الطلبات المعلقة تنقل المال بينها ويكون صافيها صفرًا.',
};
