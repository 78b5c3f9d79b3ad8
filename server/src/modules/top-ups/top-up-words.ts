import type { QueueWords } from '../alerts/queue-words';

/** How the approvals digest names the top up queue. */
export const TOP_UP_QUEUE_WORDS: QueueWords = {
  en: 'Top-ups',
  fr: 'Rechargements',
  es: 'Recargas',
  zh: '充值',
  ar: 'عمليات الشحن',
};
