import { useTranslation } from 'react-i18next';
import type { RouteId } from '@bo/contract';
import { RelatedScreens } from '../../ui/related-screens';
import { useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { AccountListScreen } from './account-list-screen';

/** What a reseller does about its own reseller account, in place of the admins' list. */
const RESELLER_OWN_SCREENS: readonly RouteId[] = [
  'merchants',
  'resellerContracts',
  'resellerEarningStatement',
  'resellerBalanceSettlement',
  'resellerContractAccLedger',
  'profitReport',
];

/**
 * /reseller: every reseller, for admins. A reseller manages its merchants instead: the screen
 * says so and links to what it can do with its own account (docs/accessibility.md).
 */
export default function ResellersPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  return (
    <>
      <RouteTitle />
      {isAdmin ? (
        <AccountListScreen kind="reseller" />
      ) : (
        <div className="card" data-testid="resellers-admin-only">
          <div className="card-body">
            <p>{t('accounts.adminOnly')}</p>
            <p className="mb-2">{t('page.resellerSelfLead')}</p>
            <RelatedScreens screens={RESELLER_OWN_SCREENS} />
          </div>
        </div>
      )}
    </>
  );
}
