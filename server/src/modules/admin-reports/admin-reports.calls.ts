import type { CallRegistry } from '../../http/registry';

/** Scaffold: the calls of administrator balance screens (/balance-reports, /earnings-report, /all-currency-balance, /contract-ledger-summary) (issue 13). */
export function registerAdminReportCalls(registry: CallRegistry): void {
  void registry;
}
