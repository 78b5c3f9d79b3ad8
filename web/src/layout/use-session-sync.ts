import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../lib/session';
import { userFullDataQuery } from '../lib/api/get-user-full-data';
import { changeLanguage, currentLanguage } from '../i18n';
import { adoptServerLayoutSettings } from '../lib/layout-settings';

/**
 * Refreshes the stored user from the server once the layout opens (which also checks the token:
 * a stale one answers 440), then applies the account's saved layout settings and language.
 */
export function useSessionSync() {
  const user = useSessionUser();
  const username = user?.username ?? '';
  const { data } = useQuery({ ...userFullDataQuery(username), enabled: username !== '' });
  useEffect(() => {
    if (!data) return;
    void adoptServerLayoutSettings(username, data.profileInfo.layout_settings);
    if (data.lang !== currentLanguage()) void changeLanguage(data.lang);
  }, [data, username]);
}
