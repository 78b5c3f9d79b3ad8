/**
 * External links the product's settings hold (announcement channel, marketing materials, Skype).
 * Until the admin "general settings" screen serves them, they come from Vite env variables at
 * build time, with these defaults.
 */
const env = import.meta.env;

export const EXTERNAL_LINKS = {
  announcementChannel: env.VITE_ANNOUNCEMENT_CHANNEL_URL || 'https://t.me/s/telegram',
  marketingMaterials: env.VITE_MARKETING_MATERIALS_URL || 'https://drive.google.com/',
  skype: env.VITE_SKYPE_URL || 'https://web.skype.com/',
} as const;

/** A stored Telegram contact (`@name`, `name` or a full link) as a t.me link; null when empty. */
export function telegramLinkOf(contact: string | undefined): string | null {
  const value = contact?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `https://t.me/${encodeURIComponent(value.replace(/^@/, ''))}`;
}
