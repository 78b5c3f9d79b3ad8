import { DEFAULT_LAYOUT_SETTINGS, type Profile } from '@bo/contract';
import type { AccountRow } from './accounts.queries';

/** The profile as the web app shows it; secrets never leave the server. */
export function profileOf(account: AccountRow): Profile {
  return {
    email: account.email,
    username: account.username,
    name: account.name,
    phone: account.phone,
    telegram_id: account.telegram_id,
    lang: account.lang,
    timezone: account.timezone,
    account_db_code: account.account_db_code,
    account_type: account.account_type,
    otp_enabled: account.otp_enabled ? 1 : 0,
    login_ip_enabled: account.login_ip_enabled ? 1 : 0,
    layout_settings: { ...DEFAULT_LAYOUT_SETTINGS, ...account.layout_settings },
    created_at: account.created_at.toISOString(),
  };
}
