import type { CallRegistry } from '../../http/registry';

/** Scaffold: the calls of general settings (/general-settings) (issue 13). */
export function registerPlatformSettingsCalls(registry: CallRegistry): void {
  void registry;
}
