import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OptionalAlert } from '@bo/contract';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { alertPreferencesQuery } from './api/get-alert-preferences';
import { sendSaveAlertPreference } from './api/save-alert-preference';
import { SettingsCard } from '../../ui/settings-card';
import { useSubmit } from '../../ui/use-submit';

/**
 * The email alerts of the account (issue 30): a switch per optional alert of its type, saved
 * on the server as soon as it is flipped; the security alerts are always sent, as it says.
 */
export function AlertsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = alertPreferencesQuery();
  const { data, isError, refetch } = useQuery(query);
  const { busy, run } = useSubmit<OptionalAlert>();

  const toggle = (kind: OptionalAlert, enabled: boolean) =>
    run(async () => {
      const saved = await sendSaveAlertPreference({ kind, enabled });
      queryClient.setQueryData(query.queryKey, saved);
    }, kind);

  return (
    <SettingsCard
      id="alerts"
      icon="bi-bell"
      title={t('profile.alerts.title')}
      text={t('profile.alerts.text')}
    >
      {isError ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          {data.alerts.map(({ kind, enabled }) => (
            <div key={kind} className="form-check form-switch mb-3">
              <input
                id={`alert-${kind}`}
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={enabled}
                disabled={busy !== null}
                aria-describedby={`alert-${kind}-hint`}
                onChange={(e) => void toggle(kind, e.target.checked)}
              />
              <label className="form-check-label" htmlFor={`alert-${kind}`}>
                {t(`profile.alerts.kinds.${kind}.label`)}
              </label>
              <div id={`alert-${kind}-hint`} className="form-text mt-0">
                {t(`profile.alerts.kinds.${kind}.hint`)}
              </div>
            </div>
          ))}
          <div className="alert alert-info d-flex gap-2 mb-0" role="note">
            <i className="bi bi-shield-lock" aria-hidden />
            <span>{t('profile.alerts.securityAlwaysOn')}</span>
          </div>
        </>
      )}
    </SettingsCard>
  );
}
