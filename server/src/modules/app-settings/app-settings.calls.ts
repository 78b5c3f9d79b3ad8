import { getAppSettings } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { readDemoSeedState } from '../../db/demo-seed-state';
import { readPlatformSettings } from './settings.service';

/** What the web app reads at start: the saved platform settings over the server's defaults. */
export function registerAppSettingsCalls(registry: CallRegistry): void {
  registry.open(getAppSettings, async (ctx) => {
    const s = await readPlatformSettings(ctx.db, ctx.config);
    const seed = ctx.config.seedDemo ? await readDemoSeedState(ctx.db) : { done: true as const };
    return {
      live_update_interval_ms: s.live_update_interval_ms,
      announcement_channel_url: s.announcement_channel_url,
      marketing_materials_url: s.marketing_materials_url,
      skype_url: s.skype_url,
      payin_stuck_minutes: s.payin_stuck_minutes,
      demo_seed: seed.done ? null : { day: seed.day ?? null, days: seed.days ?? null },
    };
  });
}
