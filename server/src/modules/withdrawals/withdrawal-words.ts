import type { QueueWords } from '../alerts/queue-words';

/** How the approvals digest names the withdrawal queue. */
export const WITHDRAWAL_QUEUE_WORDS: QueueWords = {
  en: 'Withdrawals',
  fr: 'Retraits',
  es: 'Retiros',
  zh: '提现',
  ar: 'السحوبات',
};
