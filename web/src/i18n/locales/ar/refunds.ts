import type { Translation } from '../translation';

/** The refunds' own words (issue 26): the pay-in's refund action and the refund lists. */
export const refunds: Translation<'ar'>['refunds'] = {
  action: 'استرداد',
  title: 'استرداد الدفعة {{orderId}}',
  amount: 'المبلغ المراد استرداده ({{currency}})',
  reason: 'السبب',
  reasonOptional: 'السبب (اختياري)',
  reasonRequired: 'اذكر سبب الاسترداد نيابةً عن التاجر',
  confirm: 'تأكيد الاسترداد',
  sent: 'تم طلب الاسترداد.',
  overRefundable: 'لا يمكن استرداد أكثر من {{refundable}} من هذه الدفعة الواردة.',
  nothingLeft:
    'لم يتبقَّ شيء لاسترداده من هذه الدفعة الواردة: استرداداتها ونزاعاتها تحجز كامل المبلغ.',
  /** The server's refusals of a refund, by `data.reason` (REFUSAL_REASONS). */
  refused: {
    overRefundable:
      'تم استرداد جزء من هذه الدفعة أو فُتح نزاع عليه في هذه الأثناء: المبلغ القابل للاسترداد أقل مما طلبت. ارجع لترى ما تبقّى.',
    balanceShort: 'لم يعد الرصيد المتاح يغطي هذا الاسترداد ورسومه.',
    notSuccessful: 'لا يمكن استرداد إلا دفعة واردة ناجحة.',
  },
  quote: {
    refundable: 'المتبقي القابل للاسترداد',
    amount: 'مبلغ الاسترداد',
    fee: 'رسوم الاسترداد',
    total: 'يُحجز من الرصيد',
    available: 'الرصيد المتاح الآن',
    remaining: 'الرصيد المتاح بعد ذلك',
    feeReturned: 'رسوم الدفعة المُعادة',
    needsApproval: 'ينتظر هذا الاسترداد موافقة مسؤولَين قبل إرساله إلى البوابة.',
    notEnough: 'الرصيد المتاح لا يغطي هذا الاسترداد ورسومه.',
  },
  column: {
    reason: 'السبب',
  },
};
