import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest } from './define';

/** Minutes after which a pay-in not yet final is stuck, unless the server says otherwise. */
export const DEFAULT_PAYIN_STUCK_MINUTES = 15;

/**
 * Settings the web app reads at start, before or after sign-in: the live-update interval of
 * the dashboard, the external links of the top bar and the menus, and the age after which
 * the processing list marks a pay-in as stuck (`PAYIN_STUCK_MINUTES`).
 */
export const getAppSettings = defineCall({
  name: 'getAppSettings',
  request: emptyRequest,
  response: z.object({
    live_update_interval_ms: z.number().int(),
    announcement_channel_url: z.string(),
    marketing_materials_url: z.string(),
    skype_url: z.string(),
    payin_stuck_minutes: z.number().int(),
    /**
     * While the demo world is still being made (`SEED_DEMO`, its money history not complete):
     * the day being made of how many when this server makes it (else null); null once complete
     * or when no demo was asked for. The app says so instead of showing all-zero figures.
     */
    demo_seed: z
      .object({ day: z.number().int().nullable(), days: z.number().int().nullable() })
      .nullable(),
  }),
  rule: RULES.public,
});
