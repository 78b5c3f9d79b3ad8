import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest } from './define';

/**
 * Settings the web app reads at start, before or after sign-in: the live-update interval of
 * the dashboard and the external links of the top bar and the menus.
 */
export const getAppSettings = defineCall({
  name: 'getAppSettings',
  request: emptyRequest,
  response: z.object({
    live_update_interval_ms: z.number().int(),
    announcement_channel_url: z.string(),
    marketing_materials_url: z.string(),
    skype_url: z.string(),
  }),
  rule: RULES.public,
});
