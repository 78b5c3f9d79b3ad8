import type { Translation } from '../../translation';

/** Chinese strings of profit and transaction reports (/profit-report, detailed, /daily-transactions-report, /daily-earning-report). */
export const reportProfit: Translation['reportProfit'] = {};
