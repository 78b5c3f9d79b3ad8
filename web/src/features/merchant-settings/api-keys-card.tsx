import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRollWindow, ApiKeyState, MerchantApiKeyRow } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { sendCreateMerchantApiKey } from './api/create-merchant-api-key';
import { merchantApiKeysQuery, refreshMerchantApiKeys } from './api/get-merchant-api-keys';
import { refreshMerchantNotifySettings } from './api/get-merchant-notify-settings';
import { sendRevokeMerchantApiKey } from './api/revoke-merchant-api-key';
import { sendRollMerchantApiKey } from './api/roll-merchant-api-key';
import { InstantText } from '../../ui/instant-text';
import { NewKeyDialog } from './new-key-dialog';
import { RollKeyDialog } from './roll-key-dialog';
import { confirmAndSend } from './save-change';
import { SettingsCard } from '../../ui/settings-card';
import { SecretDialog, type ShownSecret } from './secret-dialog';

const STATE_TONES: Record<ApiKeyState, string> = {
  active: 'success',
  expiring: 'warning',
  expired: 'secondary',
  revoked: 'danger',
};

/** Reads the keys again, and the notification signer (the oldest working key may sign). */
const refreshKeysAndSigner = () =>
  Promise.all([refreshMerchantApiKeys(), refreshMerchantNotifySettings()]);

/** Sends a change that answers a new secret; null when the server refused it. */
async function sendForSecret<T>(send: () => Promise<T>): Promise<T | null> {
  try {
    return await send();
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    return null;
  } finally {
    await refreshKeysAndSigner();
  }
}

/**
 * The merchant's API keys: make one (its secret shown once), roll one (the old key works for
 * a chosen overlap), revoke one (at once). Each change is confirmed first.
 */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(merchantApiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<MerchantApiKeyRow | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const reveal = (keyId: string, secret: string, title: string) =>
    setShown({ title, idLabel: t('merchantSettings.keys.keyId'), id: keyId, secret });

  const create = async (name: string) => {
    const made = await sendForSecret(() => sendCreateMerchantApiKey({ name }));
    if (made) reveal(made.key.key_id, made.secret, t('merchantSettings.keys.createdTitle'));
    return made !== null;
  };
  const roll = async (key: MerchantApiKeyRow, overlap: ApiKeyRollWindow) => {
    const made = await sendForSecret(() =>
      sendRollMerchantApiKey({ keyId: key.key_id, window: overlap }),
    );
    if (made) reveal(made.key.key_id, made.secret, t('merchantSettings.keys.rolledTitle'));
    return made !== null;
  };
  const revoke = async (key: MerchantApiKeyRow) => {
    setBusyKey(key.key_id);
    await confirmAndSend({
      question: t('merchantSettings.keys.confirmRevoke', { name: key.name, keyId: key.key_id }),
      confirmLabel: t('merchantSettings.keys.revoke'),
      send: () => sendRevokeMerchantApiKey({ keyId: key.key_id }),
      refresh: refreshKeysAndSigner,
      doneText: t('merchantSettings.keys.revoked'),
    });
    setBusyKey(null);
  };

  const usable = (k: MerchantApiKeyRow) => k.state === 'active' || k.state === 'expiring';
  return (
    <SettingsCard
      className="mb-3"
      testId="api-keys"
      icon="bi-key"
      title={t('merchantSettings.keys.title')}
      text={t('merchantSettings.keys.text')}
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!data}
          onClick={() => setCreating(true)}
          data-testid="new-key"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden />
          {t('merchantSettings.keys.new')}
        </button>
      }
    >
      {!data ? (
        isError ? (
          <LoadFailed onRetry={() => void refetch()} />
        ) : (
          <Spinner />
        )
      ) : data.keys.length === 0 ? (
        <p className="text-muted mb-0" data-testid="api-keys-empty">
          {t('merchantSettings.keys.empty')}
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th>{t('merchantSettings.keys.name')}</th>
                <th>{t('merchantSettings.keys.keyId')}</th>
                <th>{t('merchantSettings.keys.state')}</th>
                <th>{t('merchantSettings.keys.created')}</th>
                <th>{t('merchantSettings.keys.lastUsed')}</th>
                <th>{t('merchantSettings.keys.ends')}</th>
                <th className="text-end">{t('merchantSettings.keys.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.keys.map((k) => (
                <tr key={k.key_id} data-testid="api-key-row" data-key-id={k.key_id}>
                  <td>
                    <bdi className="fw-medium">{k.name || '—'}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr" className="font-monospace small">
                      {k.key_id}
                    </bdi>
                  </td>
                  <td>
                    <span
                      className={`badge bg-${STATE_TONES[k.state]}-subtle text-${STATE_TONES[k.state]}-emphasis`}
                      data-testid="api-key-state"
                      data-state={k.state}
                    >
                      {t(`merchantSettings.keys.states.${k.state}`)}
                    </span>
                  </td>
                  <td>
                    <InstantText value={k.created_at} />
                  </td>
                  <td>
                    <InstantText value={k.last_used_at} empty={t('merchantSettings.keys.never')} />
                  </td>
                  <td>
                    <InstantText value={k.revoked_at ?? k.expires_at} />
                  </td>
                  <td className="text-end">
                    {usable(k) && (
                      <div className="d-inline-flex flex-wrap justify-content-end gap-1">
                        {k.state === 'active' && (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            disabled={busyKey !== null}
                            onClick={() => setRolling(k)}
                            data-testid="roll-key"
                          >
                            <i className="bi bi-arrow-repeat me-1" aria-hidden />
                            {t('merchantSettings.keys.roll')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          disabled={busyKey !== null}
                          onClick={() => void revoke(k)}
                          data-testid="revoke-key"
                        >
                          <i className="bi bi-x-octagon me-1" aria-hidden />
                          {t('merchantSettings.keys.revoke')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && <NewKeyDialog onCreate={create} onClose={() => setCreating(false)} />}
      {rolling && (
        <RollKeyDialog
          apiKey={rolling}
          onRoll={(w) => roll(rolling, w)}
          onClose={() => setRolling(null)}
        />
      )}
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </SettingsCard>
  );
}
