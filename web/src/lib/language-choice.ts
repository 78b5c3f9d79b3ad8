import type { Language } from '@bo/contract';
import { changeLanguage } from '../i18n';
import { queryClient } from './query-client';
import { getSessionUser, updateSessionUser } from './session';
import { STORAGE_KEYS } from './storage-keys';
import { userFullDataQuery } from './api/get-user-full-data';
import { sendUpdateProfile } from './api/update-profile';

/**
 * Switches the interface language and saves it as the user's `lang` (spec: "the choice saved in
 * the user's lang"), so it follows the user to other devices.
 */
export async function chooseLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  localStorage.setItem(STORAGE_KEYS.language, lang);
  const user = getSessionUser();
  if (!user) return;
  const full = await queryClient.fetchQuery(userFullDataQuery(user.username));
  const profile = full.profileInfo;
  const saved = await sendUpdateProfile({
    name: profile.name,
    phone: profile.phone,
    telegram_id: profile.telegram_id,
    lang,
    timezone: profile.timezone,
  });
  await updateSessionUser({ lang, profileInfo: saved });
  queryClient.setQueryData(userFullDataQuery(user.username).queryKey, {
    ...full,
    lang,
    profileInfo: saved,
  });
}
