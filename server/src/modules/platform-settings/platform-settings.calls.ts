import { getPlatformSettings, setPlatformSettings } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { changePlatformSettings, readGeneralSettings } from './platform-settings.service';

/**
 * General settings (/general-settings, rule administrator): the platform settings every
 * reader takes from the settings store (app-settings), each change logged before and after.
 */
export function registerPlatformSettingsCalls(registry: CallRegistry): void {
  registry
    .user(getPlatformSettings, (ctx) => readGeneralSettings(ctx.db, ctx.config))
    .user(setPlatformSettings, (ctx, input) => changePlatformSettings(ctx, input));
}
