import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { AccountListScreen } from './account-list-screen';

/** /reseller: every reseller, for admins (a reseller manages its merchants instead). */
export default function ResellersPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  return (
    <>
      <RouteTitle />
      {isAdmin ? (
        <AccountListScreen kind="reseller" />
      ) : (
        <div className="alert alert-info" data-testid="resellers-admin-only">
          {t('accounts.adminOnly')}
        </div>
      )}
    </>
  );
}
