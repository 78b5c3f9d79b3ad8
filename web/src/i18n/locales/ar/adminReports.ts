import type { Translation } from '../../translation';

/** Arabic strings of administrator balance screens (/balance-reports, /earnings-report, /all-currency-balance, /contract-ledger-summary). */
export const adminReports: Translation['adminReports'] = {};
