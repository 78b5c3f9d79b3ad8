import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRollWindow, MerchantApiKeyRow } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { sendCreateMerchantApiKey } from './api/create-merchant-api-key';
import { merchantApiKeysQuery, refreshMerchantApiKeys } from './api/get-merchant-api-keys';
import { refreshMerchantNotifySettings } from './api/get-merchant-notify-settings';
import { sendRevokeMerchantApiKey } from './api/revoke-merchant-api-key';
import { sendRollMerchantApiKey } from './api/roll-merchant-api-key';
import { ApiKeysTable } from './api-keys-table';
import { NewKeyDialog } from './new-key-dialog';
import { RollKeyDialog } from './roll-key-dialog';
import { confirmAndSend } from './save-change';
import { SettingsCard } from '../../ui/settings-card';
import { SecretDialog, type ShownSecret } from './secret-dialog';

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
 * The key changes: make one and roll one (each answers a secret, shown once in `shown`), revoke
 * one after a confirmation (`busyKey` while it goes).
 */
function useApiKeyChanges() {
  const { t } = useTranslation();
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
  return { shown, hideSecret: () => setShown(null), busyKey, create, roll, revoke };
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
  const changes = useApiKeyChanges();

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
        <ApiKeysTable
          keys={data.keys}
          actions={{
            isLocked: changes.busyKey !== null,
            onRoll: setRolling,
            onRevoke: (k) => void changes.revoke(k),
          }}
        />
      )}
      {creating && <NewKeyDialog onCreate={changes.create} onClose={() => setCreating(false)} />}
      {rolling && (
        <RollKeyDialog
          apiKey={rolling}
          onRoll={(w) => changes.roll(rolling, w)}
          onClose={() => setRolling(null)}
        />
      )}
      {changes.shown && <SecretDialog shown={changes.shown} onClose={changes.hideSecret} />}
    </SettingsCard>
  );
}
