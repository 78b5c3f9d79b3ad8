import type { QueueWords } from '../alerts/queue-words';

/** How the approvals digest names the refund queue. */
export const REFUND_QUEUE_WORDS: QueueWords = {
  en: 'Refunds',
  fr: 'Remboursements',
  es: 'Reembolsos',
  zh: '退款',
  ar: 'المبالغ المستردة',
};
