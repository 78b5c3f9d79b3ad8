import { queryOptions } from '@tanstack/react-query';
import { getUserFullData } from '@bo/contract';
import { callApi } from '../api-client';
import { updateSessionUser } from '../session';

/**
 * getUserFullData: the profile, 2FA and login-IP state, layout settings and language of the
 * signed-in user. Every answer is merged into the stored user so a reload starts from it.
 */
export const userFullDataQuery = (username: string) =>
  queryOptions({
    queryKey: ['getUserFullData', username],
    queryFn: async () => {
      const data = await callApi(getUserFullData, {});
      await updateSessionUser({
        name: data.name,
        phone: data.phone,
        lang: data.lang,
        modules: data.modules,
        account_type: data.account_type,
        otp_enabled: data.otp_enabled,
        reseller_info: data.reseller_info,
        telegram_id: data.telegram_id,
        is_sub_account: data.is_sub_account,
        merchant_info: data.merchant_info,
        login_ip_enabled: data.login_ip_enabled,
        profileInfo: data.profileInfo,
      });
      return data;
    },
  });
