import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { updateSessionUser } from '../../lib/session';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { SettingsCard } from '../../ui/settings-card';
import { useSubmit } from '../../ui/use-submit';
import { sendAddLoginIp } from './api/add-login-ip';
import { loginIpsQuery } from './api/get-login-ips';
import { sendRemoveLoginIp } from './api/remove-login-ip';
import { sendSetLoginIpEnabled } from './api/set-login-ip-enabled';
import { AddLoginIpForm, LoginIpsTable } from './login-ip-parts';

/**
 * The whitelist's changes, one at a time (`busy`: 'toggle', 'add' or the row's id); each reads
 * the whitelist and the full data again once the server has taken it.
 */
function useLoginIpChanges() {
  const queryClient = useQueryClient();
  const submit = useSubmit<string>();
  const run = (key: string, action: () => Promise<void>) =>
    submit.run(async () => {
      await action();
      await queryClient.invalidateQueries({ queryKey: loginIpsQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['getUserFullData'] });
    }, key);
  return {
    busy: submit.busy,
    toggle: (enabled: boolean) =>
      run('toggle', async () => {
        const result = await sendSetLoginIpEnabled({ enabled });
        await updateSessionUser({ login_ip_enabled: result.login_ip_enabled });
      }),
    add: (ip: string, label: string | undefined, onAdded: () => void) =>
      void run('add', async () => {
        await sendAddLoginIp({ ip, label });
        onAdded();
      }),
    remove: (id: string) => void run(id, () => sendRemoveLoginIp({ id }).then(() => undefined)),
  };
}

/** The login-IP whitelist: switch it on or off, add and remove addresses. */
export function LoginIpsCard({ isHighlighted = false }: { isHighlighted?: boolean }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(loginIpsQuery());
  const { busy, toggle, add, remove } = useLoginIpChanges();

  return (
    <SettingsCard
      id="login-ips"
      icon="bi-hdd-network"
      title={t('security.loginIps')}
      text={t('security.loginIpsText')}
      isHighlighted={isHighlighted}
    >
      {isError ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
            <div className="form-check form-switch mb-0">
              <input
                id="login-ip-enabled"
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={data.login_ip_enabled === 1}
                disabled={busy !== null}
                onChange={(e) => void toggle(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="login-ip-enabled">
                {t('security.whitelistOn')}
              </label>
            </div>
            <span className="text-muted small">
              {t('security.currentIp', { ip: data.current_ip })}
            </span>
          </div>
          <AddLoginIpForm currentIp={data.current_ip} isBusy={busy === 'add'} onAdd={add} />
          <LoginIpsTable ips={data.ips} busy={busy} onRemove={(row) => remove(row.id)} />
        </>
      )}
    </SettingsCard>
  );
}
