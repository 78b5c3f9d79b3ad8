/** English strings of profit and transaction reports (/profit-report, detailed, /daily-transactions-report, /daily-earning-report). */
export const reportProfit = {};
