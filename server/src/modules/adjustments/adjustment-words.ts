import type { QueueWords } from '../alerts/queue-words';

/** How the approvals digest names the adjustment queue. */
export const ADJUSTMENT_QUEUE_WORDS: QueueWords = {
  en: 'Balance adjustments',
  fr: 'Ajustements de solde',
  es: 'Ajustes de saldo',
  zh: '余额调整',
  ar: 'تعديلات الرصيد',
};
