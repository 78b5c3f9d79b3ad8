import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../lib/session';
import { userFullDataQuery } from '../../lib/api/get-user-full-data';

/** The signed-in user's full data (profile, 2FA and login-IP state). */
export function useFullData() {
  const user = useSessionUser();
  return useQuery({ ...userFullDataQuery(user?.username ?? ''), enabled: user !== null });
}
