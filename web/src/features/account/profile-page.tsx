import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { initialsOf } from '../../ui/initials';
import { RouteTitle } from '../../ui/page-title';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { AlertsCard } from './alerts-card';
import { SettingsCard } from '../../ui/settings-card';
import { LoginIpsCard } from './login-ips-card';
import { ProfileForm } from './profile-form';
import { TwoFactorCard } from './two-factor-card';
import { useFullData } from './use-full-data';
import { NameText } from '../../ui/name-text';

/**
 * /profile: personal details, enabling 2FA, the login-IP whitelist and the email alerts. `?login_ip=true` (the
 * merchant notice's button) opens on the login-IP part; `#two-factor` (the 2FA reminder) on 2FA.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useFullData();
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const focus =
    searchParams.get('login_ip') === 'true'
      ? 'login-ips'
      : hash === '#two-factor'
        ? 'two-factor'
        : null;

  useEffect(() => {
    if (!focus || !data) return;
    document.getElementById(focus)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [focus, data]);

  if (isError) return <LoadFailed onRetry={() => void refetch()} />;
  if (!data) return <PageSpinner />;
  const profile = data.profileInfo;
  return (
    <>
      <RouteTitle />
      <div className="row">
        <div className="col-xl-4">
          <div className="card">
            <div className="card-body text-center py-4">
              <div className="profile-avatar mb-3">
                {initialsOf(profile.name || profile.username)}
              </div>
              <h5 className="mb-1">
                <NameText>{profile.name}</NameText>
              </h5>
              <p className="text-muted mb-3">{t(`menu.sections.${profile.account_type}`)}</p>
              <dl className="row text-start small mb-0">
                <dt className="col-5 text-muted fw-normal">{t('profile.email')}</dt>
                <dd className="col-7 text-break">{profile.email}</dd>
                <dt className="col-5 text-muted fw-normal">{t('profile.username')}</dt>
                <dd className="col-7">{profile.username}</dd>
                <dt className="col-5 text-muted fw-normal">{t('profile.memberSince')}</dt>
                <dd className="col-7 mb-0">{profile.created_at.slice(0, 10)}</dd>
              </dl>
            </div>
          </div>
        </div>
        <div className="col-xl-8">
          <SettingsCard icon="bi-person-vcard" title={t('profile.details')}>
            <ProfileForm key={profile.username} profile={profile} />
          </SettingsCard>
          <TwoFactorCard isHighlighted={focus === 'two-factor'} />
          <LoginIpsCard isHighlighted={focus === 'login-ips'} />
          <AlertsCard />
        </div>
      </div>
    </>
  );
}
