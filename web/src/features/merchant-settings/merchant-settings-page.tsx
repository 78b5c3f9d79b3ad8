import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { merchantNotifySettingsQuery } from './api/get-merchant-notify-settings';
import { ApiKeysCard } from './api-keys-card';
import { NotificationLogCard } from './notification-log-card';
import { NotifyUrlCard } from './notify-url-card';
import { SigningCard } from './signing-card';

/**
 * /merchant-settings (merchants with the technical module; a sub-account acts for its parent):
 * API keys, the default notify URL with a test, how notifications are signed, and the log of
 * every delivery attempt. Every change is confirmed first; the server logs it.
 */
export default function MerchantSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(merchantNotifySettingsQuery());
  return (
    <>
      <RouteTitle />
      <div data-testid="merchant-settings">
        <p className="text-muted">
          <i className="bi bi-shield-check me-1" aria-hidden />
          {t('merchantSettings.intro')}
        </p>
        <ApiKeysCard />
        {!settings.data ? (
          settings.isError ? (
            <LoadFailed onRetry={() => void settings.refetch()} />
          ) : (
            <Spinner />
          )
        ) : (
          <>
            <NotifyUrlCard settings={settings.data} />
            <SigningCard settings={settings.data} />
          </>
        )}
        <NotificationLogCard />
      </div>
    </>
  );
}
