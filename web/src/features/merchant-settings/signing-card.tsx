import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  refreshMerchantNotifySettings,
  type MerchantNotifySettings,
} from './api/get-merchant-notify-settings';
import { sendRotateMerchantCallbackSecret } from './api/rotate-merchant-callback-secret';
import { InstantText } from '../../ui/instant-text';
import { confirmAndSend } from './save-change';
import { SettingsCard } from '../../ui/settings-card';
import { SecretDialog, type ShownSecret } from './secret-dialog';

/**
 * How notifications are signed (the headers and what signs them now) and the callback secret:
 * made or replaced after a confirmation, shown once.
 */
export function SigningCard({ settings }: { settings: MerchantNotifySettings }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [busy, setBusy] = useState(false);
  const hasSecret = settings.signed_with === 'callback_secret';
  const rotate = async () => {
    setBusy(true);
    const made = await confirmAndSend({
      question: hasSecret
        ? t('merchantSettings.signing.confirmRotate')
        : t('merchantSettings.signing.confirmCreate'),
      confirmLabel: hasSecret
        ? t('merchantSettings.signing.rotate')
        : t('merchantSettings.signing.create'),
      send: () => sendRotateMerchantCallbackSecret({}),
      refresh: refreshMerchantNotifySettings,
    });
    setBusy(false);
    if (made)
      setShown({
        title: t('merchantSettings.signing.createdTitle'),
        idLabel: t('merchantSettings.signing.secretId'),
        id: made.secret_id,
        secret: made.secret,
      });
  };
  return (
    <SettingsCard
      className="mb-3"
      testId="signing"
      icon="bi-shield-lock"
      title={t('merchantSettings.signing.title')}
      text={t('merchantSettings.signing.text')}
      actions={
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={busy}
          onClick={() => void rotate()}
          data-testid="rotate-secret"
        >
          <i className="bi bi-arrow-repeat me-1" aria-hidden />
          {hasSecret ? t('merchantSettings.signing.rotate') : t('merchantSettings.signing.create')}
        </button>
      }
    >
      <p className="mb-2">{t('merchantSettings.signing.how')}</p>
      <pre dir="ltr" className="small bg-body-tertiary p-2 rounded mb-3">
        {
          'X-Api-Key: <signing id>\nX-Timestamp: <unix seconds>\nX-Signature: hex(HMAC-SHA256(secret, timestamp + ".POST." + path + "." + body))'
        }
      </pre>
      <dl className="row mb-0">
        <dt className="col-sm-4">{t('merchantSettings.signing.signedWith')}</dt>
        <dd className="col-sm-8" data-testid="signed-with" data-signer={settings.signed_with}>
          {t(`merchantSettings.signing.signer.${settings.signed_with}`)}
          {settings.signing_key_id && (
            <>
              {' '}
              <bdi dir="ltr" className="font-monospace small">
                {settings.signing_key_id}
              </bdi>
            </>
          )}
        </dd>
        {hasSecret && (
          <>
            <dt className="col-sm-4">{t('merchantSettings.signing.createdAt')}</dt>
            <dd className="col-sm-8">
              <InstantText value={settings.callback_secret_created_at} />
            </dd>
          </>
        )}
      </dl>
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </SettingsCard>
  );
}
