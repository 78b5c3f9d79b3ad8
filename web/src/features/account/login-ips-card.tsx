import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { updateSessionUser } from '../../lib/session';
import { confirmAction } from '../../lib/popups';
import { BusyButton } from '../../ui/busy-button';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { sendAddLoginIp } from './api/add-login-ip';
import { loginIpsQuery } from './api/get-login-ips';
import { sendRemoveLoginIp } from './api/remove-login-ip';
import { sendSetLoginIpEnabled } from './api/set-login-ip-enabled';
import { SettingsCard } from '../../ui/settings-card';
import { useSubmit } from '../../ui/use-submit';

/** The login-IP whitelist: switch it on or off, add and remove addresses. */
export function LoginIpsCard({ isHighlighted = false }: { isHighlighted?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useQuery(loginIpsQuery());
  const [ip, setIp] = useState('');
  const [label, setLabel] = useState('');
  const submit = useSubmit<string>();

  const run = (key: string, action: () => Promise<void>) =>
    submit.run(async () => {
      await action();
      await queryClient.invalidateQueries({ queryKey: loginIpsQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['getUserFullData'] });
    }, key);
  const { busy } = submit;

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!ip.trim()) return;
    void run('add', async () => {
      await sendAddLoginIp({ ip: ip.trim(), label: label.trim() || undefined });
      setIp('');
      setLabel('');
    });
  };

  const toggle = (enabled: boolean) =>
    run('toggle', async () => {
      const result = await sendSetLoginIpEnabled({ enabled });
      await updateSessionUser({ login_ip_enabled: result.login_ip_enabled });
    });

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
          <form className="row g-2 align-items-end mb-3" onSubmit={add}>
            <div className="col-sm-5">
              <label className="form-label small" htmlFor="new-ip">
                {t('security.ipAddress')}
              </label>
              <input
                id="new-ip"
                className="form-control"
                value={ip}
                onChange={(e) => setIp(e.target.value)}
              />
            </div>
            <div className="col-sm-4">
              <label className="form-label small" htmlFor="new-ip-label">
                {t('security.label')}
              </label>
              <input
                id="new-ip-label"
                className="form-control"
                value={label}
                onChange={(e) => setLabel(e.target.value)}
              />
            </div>
            <div className="col-sm-3 d-grid">
              <BusyButton
                type="submit"
                className="btn-primary"
                isBusy={busy === 'add'}
                disabled={!ip.trim()}
              >
                <i className="bi bi-plus-lg me-1" aria-hidden />
                {t('common.add')}
              </BusyButton>
            </div>
          </form>
          <button
            type="button"
            className="btn btn-link btn-sm px-0 mb-3"
            onClick={() => setIp(data.current_ip)}
          >
            {t('security.addCurrentIp')}
          </button>
          {data.ips.length === 0 ? (
            <p className="text-muted mb-0">{t('security.noIps')}</p>
          ) : (
            <div className="table-responsive">
              <table className="table align-middle mb-0">
                <thead>
                  <tr>
                    <th>{t('security.ipAddress')}</th>
                    <th>{t('security.label')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.ips.map((row) => (
                    <tr key={row.id}>
                      <td className="font-monospace">{row.ip}</td>
                      <td>{row.label}</td>
                      <td className="text-end">
                        <BusyButton
                          className="btn-sm btn-outline-danger"
                          isBusy={busy === row.id}
                          onClick={async () => {
                            const isSure = await confirmAction(
                              t('security.removeIpConfirm', { ip: row.ip }),
                              t('common.remove'),
                            );
                            if (isSure)
                              void run(row.id, () =>
                                sendRemoveLoginIp({ id: row.id }).then(() => undefined),
                              );
                          }}
                        >
                          {t('common.remove')}
                        </BusyButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </SettingsCard>
  );
}
