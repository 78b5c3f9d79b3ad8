import type { CallRegistry } from '../../http/registry';

/** Scaffold: the calls of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet) (issue 12). */
export function registerLedgerReportCalls(registry: CallRegistry): void {
  void registry;
}
