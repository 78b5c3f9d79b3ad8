import type { QueueWords } from '../alerts/queue-words';

/** How the approvals digest names the payout queue. */
export const PAYOUT_QUEUE_WORDS: QueueWords = {
  en: 'Pay-outs',
  fr: 'Paiements sortants',
  es: 'Pagos salientes',
  zh: '代付',
  ar: 'المدفوعات الصادرة',
};
