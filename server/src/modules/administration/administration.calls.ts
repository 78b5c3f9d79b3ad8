import type { CallRegistry } from '../../http/registry';

/** Scaffold: the calls of administrator tools (/admin-logs, /withdrawal-history/list, /force-change-usdt) (issue 13). */
export function registerAdministrationCalls(registry: CallRegistry): void {
  void registry;
}
