import type { CallRegistry } from '../../http/registry';

/** Scaffold: this area's calls (issue 11). */
export function registerSubAccountCalls(registry: CallRegistry): void {
  void registry;
}
