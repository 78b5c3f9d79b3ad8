import type { CallRegistry } from '../../http/registry';

/** Scaffold: this area's calls (issue 11). */
export function registerSupportCalls(registry: CallRegistry): void {
  void registry;
}
