import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../lib/popups';
import { BusyButton } from '../../ui/busy-button';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { sessionsQuery } from './api/get-sessions';
import { sendRevokeSession } from './api/revoke-session';
import { SettingsCard } from '../../ui/settings-card';
import { useSubmit } from '../../ui/use-submit';
import { TableScroll } from '../../ui/list/table-scroll';

/** A short, readable name for a browser's user-agent string. */
function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || userAgent || '—';
}

/** `2026-05-01 13:04` (UTC, like the top bar's clock). */
const formatTime = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

/** Active sessions with a revoke button for every other device. */
export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useQuery(sessionsQuery());
  const { busy: busyId, run } = useSubmit<string>();

  const revoke = async (id: string) => {
    if (!(await confirmAction(t('security.revokeConfirm'), t('security.revoke')))) return;
    await run(async () => {
      await sendRevokeSession({ id });
      await queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
    }, id);
  };

  return (
    <SettingsCard
      id="sessions"
      icon="bi-laptop"
      title={t('security.sessions')}
      text={t('security.sessionsText')}
    >
      {isError ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : !data ? (
        <PageSpinner />
      ) : (
        <TableScroll label={t('security.sessions')}>
          <table className="table table-sm align-middle mb-0 small" data-testid="sessions-table">
            <thead>
              <tr>
                <th>{t('security.device')}</th>
                <th>{t('security.ip')}</th>
                <th>{t('security.started')}</th>
                <th>{t('security.lastSeen')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.sessions.map((session) => (
                <tr key={session.id}>
                  <td className="text-nowrap">
                    {deviceOf(session.user_agent)}
                    {session.is_current && (
                      <span className="badge bg-success-subtle text-success ms-2">
                        {t('security.thisDevice')}
                      </span>
                    )}
                  </td>
                  <td className="font-monospace">{session.client_ip}</td>
                  <td className="text-nowrap">{formatTime(session.created_at)}</td>
                  <td className="text-nowrap">{formatTime(session.last_seen_at)}</td>
                  <td className="text-end">
                    {!session.is_current && (
                      <BusyButton
                        className="btn-sm btn-outline-danger"
                        isBusy={busyId === session.id}
                        onClick={() => void revoke(session.id)}
                      >
                        {t('security.revoke')}
                      </BusyButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.sessions.length <= 1 && (
            <p className="text-muted small mt-3 mb-0">{t('security.noSessions')}</p>
          )}
        </TableScroll>
      )}
    </SettingsCard>
  );
}
