import { useQuery } from '@tanstack/react-query';
import { decideAccess, type AccountType, type CallDef, type RouteId } from '@bo/contract';
import { useCanOpen, useSessionUser, viewerOf } from '../../lib/session';
import { userFullDataQuery } from '../../lib/api/get-user-full-data';

export interface DashboardViewer {
  readonly accountType: AccountType;
  readonly isAdmin: boolean;
  readonly isMerchant: boolean;
  /**
   * The code every dashboard call sends as accountDbCode: empty for an admin, the reseller's
   * own code, the merchant's code (a sub-account's parent merchant). Null until known.
   */
  readonly accountDbCode: string | null;
  /** 0 or 1 from the full-data fetch; undefined until it has answered. */
  readonly loginIpEnabled: 0 | 1 | undefined;
  readonly canOpen: (routeId: RouteId) => boolean;
  /** Whether the viewer's type and modules pass a call's rule (the server decides again). */
  readonly mayCall: (call: CallDef) => boolean;
}

/** Who is looking at the dashboard, from the stored user and the full-data fetch. */
export function useDashboardViewer(): DashboardViewer | null {
  const user = useSessionUser();
  const canOpen = useCanOpen();
  const fullData = useQuery({
    ...userFullDataQuery(user?.username ?? ''),
    enabled: user !== null,
  });
  if (!user) return null;
  const accountType = user.account_type;
  const merchantCode = fullData.data?.merchant_info.account_db_code;
  const accountDbCode =
    accountType === 'admin'
      ? ''
      : accountType === 'reseller'
        ? user.reseller_info.account_db_code
        : merchantCode || null;
  const viewer = viewerOf(user);
  return {
    accountType,
    isAdmin: accountType === 'admin',
    isMerchant: accountType === 'merchant',
    accountDbCode,
    loginIpEnabled: fullData.data?.login_ip_enabled,
    canOpen,
    mayCall: (call) => decideAccess(call.rule, viewer) === 'allowed',
  };
}
