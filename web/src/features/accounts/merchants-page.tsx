import { useCurrentRoute } from '../../lib/current-route';
import { RouteTitle } from '../../ui/page-title';
import { AccountListScreen } from './account-list-screen';

/**
 * /merchants: the merchants in scope; /merchants/from-reseller={id}: one reseller's (the
 * server answers not found when the viewer may not see that reseller).
 */
export default function MerchantsPage() {
  const resellerDbCode = useCurrentRoute().params.id;
  return (
    <>
      <RouteTitle />
      <AccountListScreen kind="merchant" resellerDbCode={resellerDbCode || undefined} />
    </>
  );
}
