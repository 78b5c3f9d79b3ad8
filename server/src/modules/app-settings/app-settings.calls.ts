import { getAppSettings } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';

export function registerAppSettingsCalls(registry: CallRegistry): void {
  registry.open(getAppSettings, async (ctx) => ({
    live_update_interval_ms: ctx.config.liveUpdateIntervalMs,
    announcement_channel_url: ctx.config.announcementChannelUrl,
    marketing_materials_url: ctx.config.marketingMaterialsUrl,
    skype_url: ctx.config.skypeUrl,
    payin_stuck_minutes: ctx.config.payinStuckMinutes,
  }));
}
