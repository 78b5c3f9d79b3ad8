import type { QueueWords } from '../alerts/queue-words';

/** How the approvals digest names the settlement queue. */
export const SETTLEMENT_QUEUE_WORDS: QueueWords = {
  en: 'Settlements to a bank',
  fr: 'Règlements vers une banque',
  es: 'Liquidaciones a un banco',
  zh: '结算到银行',
  ar: 'التسويات إلى بنك',
};

/** How the approvals digest names the settlement wallet queue. */
export const SETTLEMENT_WALLET_QUEUE_WORDS: QueueWords = {
  en: 'Settlements to the USDT wallet',
  fr: 'Règlements vers le portefeuille USDT',
  es: 'Liquidaciones a la billetera USDT',
  zh: '结算到 USDT 钱包',
  ar: 'التسويات إلى محفظة USDT',
};
