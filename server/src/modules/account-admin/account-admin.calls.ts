import type { CallRegistry } from '../../http/registry';

/** Scaffold: this area's calls (issue 11). */
export function registerAccountAdminCalls(registry: CallRegistry): void {
  void registry;
}
