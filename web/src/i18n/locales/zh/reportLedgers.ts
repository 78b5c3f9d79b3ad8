import type { Translation } from '../../translation';

/** Chinese strings of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet). */
export const reportLedgers: Translation['reportLedgers'] = {};
