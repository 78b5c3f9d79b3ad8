import { useAppSettings } from './api/get-app-settings';

/**
 * External links the product's settings hold (announcement channel, marketing materials,
 * Skype). The server serves them through getAppSettings; until it has answered, the fallbacks
 * of app-settings.ts stand in. `hasSettled` says whether the server's answer (or its failure)
 * is in, for places that open a link by themselves rather than on a click.
 */
export function useExternalLinks() {
  const settings = useAppSettings();
  return {
    announcementChannel: settings.announcement_channel_url,
    marketingMaterials: settings.marketing_materials_url,
    skype: settings.skype_url,
    hasSettled: settings.hasSettled,
  };
}

/** A stored Telegram contact (`@name`, `name` or a full link) as a t.me link; null when empty. */
export function telegramLinkOf(contact: string | undefined): string | null {
  const value = contact?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `https://t.me/${encodeURIComponent(value.replace(/^@/, ''))}`;
}
