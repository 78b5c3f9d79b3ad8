import type { Config } from '../config/config';
import { checkNotifyUrlWithoutDns } from '../modules/merchant-notifications/notify-url-check';
import { strictNotifyUrls } from '../modules/merchant-notifications/notify-url-rules';

/**
 * Judges a request's `notify_url` (pay-ins, pay-outs, refunds): refused (400 naming it) when
 * what it says alone refuses it: not https outside the demo, a user or password, an IP literal
 * or a name (localhost…) inside. No DNS here, so the intake stays fast and never waits on a
 * merchant's name server; a name is judged by its addresses at every delivery
 * (`guarded-lookup.ts`). Run as `runIdempotent`'s judge: a replay of a request accepted before
 * keeps its answer.
 */
export const judgeNotifyUrl = (raw: string | undefined, config: Config) => () => {
  if (raw !== undefined)
    checkNotifyUrlWithoutDns(raw, { strict: strictNotifyUrls(config), field: 'notify_url' });
};
