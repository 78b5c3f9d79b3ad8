import type { Translation } from '../translation';

/** The balance adjustments' own words (issue 41): the lists' columns and the New adjustment form. */
export const adjustments: Translation<'ar'>['adjustments'] = {
  new: 'تعديل جديد',
  confirm: 'تأكيد التعديل',
  sent_zero: 'سُجّل التعديل ولا ينتظر موافقة أي مسؤول آخر.',
  sent_one: 'سُجّل التعديل: ينتظر موافقة مسؤول آخر واحد.',
  sent_two: 'سُجّل التعديل: ينتظر موافقة مسؤولَين آخرَين.',
  sent_few: 'سُجّل التعديل: ينتظر موافقة {{count}} مسؤولين آخرين.',
  sent_many: 'سُجّل التعديل: ينتظر موافقة {{count}} مسؤولًا آخر.',
  sent_other: 'سُجّل التعديل: ينتظر موافقة {{count}} مسؤول آخر.',
  balance: {
    available: 'الرصيد المتاح (التاجر)',
    payout_available: 'رصيد المدفوعات الصادرة (التاجر)',
    commission: 'رصيد العمولات (الموزّع)',
  },
  balanceInText: {
    available: 'الرصيد المتاح',
    payout_available: 'رصيد المدفوعات الصادرة',
    commission: 'رصيد العمولات',
  },
  form: {
    owner: 'رمز التاجر أو الموزّع',
    ownerHint: 'رمز التاجر لرصيده المتاح أو رصيد مدفوعاته الصادرة، ورمز الموزّع لعمولاته.',
    direction: 'الاتجاه',
    balance: 'الرصيد',
    reason: 'السبب',
    note: 'ملاحظة',
    noteHint: 'مطلوبة: يقرؤها الموافقون وسجل الإدارة.',
    noteRequired: 'اكتب ملاحظة للموافقين.',
    related: 'معرّف المعاملة المرتبطة (اختياري)',
    relatedHint: 'الدفعة الواردة أو الصادرة أو العملية الأخرى التي يصححها هذا التعديل، إن وُجدت.',
  },
  review: {
    credit: 'إضافة {{amount}} إلى {{balance}} لدى {{owner}}.',
    debit: 'خصم {{amount}} من {{balance}} لدى {{owner}}.',
    nothingMovesYet: 'لا يتحرك أي مال قبل أن يوافق عليه مسؤولون آخرون؛ والرفض لا يحرك شيئًا.',
    needsApprovals: 'يحتاج إلى موافقة مسؤولين آخرين (غيرك) قبل أن يتحرك المال.',
    needsApprovalsCount_zero: 'لا يحتاج إلى موافقة أخرى.',
    needsApprovalsCount_one: 'يحتاج إلى موافقة واحدة أخرى من مسؤول آخر (غيرك).',
    needsApprovalsCount_two: 'يحتاج إلى موافقتين أخريين من مسؤولين آخرين (غيرك).',
    needsApprovalsCount_few: 'يحتاج إلى {{count}} موافقات أخرى من مسؤولين آخرين (غيرك).',
    needsApprovalsCount_many: 'يحتاج إلى {{count}} موافقةً أخرى من مسؤولين آخرين (غيرك).',
    needsApprovalsCount_other: 'يحتاج إلى {{count}} موافقة أخرى من مسؤولين آخرين (غيرك).',
  },
  column: {
    owner: 'صاحب الرصيد',
    direction: 'الاتجاه',
    balance: 'الرصيد',
    reason: 'السبب',
    related: 'المعاملة المرتبطة',
  },
  decision: {
    approve:
      'الموافقة تضيف موافقتك؛ وآخر موافقة مطلوبة تحرّك المال (ويُرفض حينها الخصم الذي لم يعد الرصيد يغطيه).',
    reject: 'الرفض يغلق التعديل: لا يتحرك أي مال.',
  },
};
