import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { approvalSettingsQuery } from '../../ui/money/api/get-approval-settings';
import { approvalTiersQuery } from './api/get-approval-tiers';
import { platformSettingsQuery } from './api/get-platform-settings';
import { ApprovalsCard } from './approvals-card';
import { DemoDataCard } from './demo-data-card';
import { SETTING_GROUPS } from './setting-fields';
import { SettingsFormCard } from './settings-form-card';

/**
 * /general-settings (admins with the administrator module): the platform settings the rest of
 * the product reads (live updates and the stuck age, the external links, the sign-in limits),
 * maker-checker (request expiry, thresholds per currency, approval tiers), the balance adjustments' third
 * approver and the demo-data toggle. Each change is confirmed first; the server checks it again
 * and logs it before and after.
 */
export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  const general = useQuery(platformSettingsQuery());
  const approvals = useQuery(approvalSettingsQuery());
  const tiers = useQuery(approvalTiersQuery());
  const failed = general.isError || approvals.isError || tiers.isError;
  const retry = () => void Promise.all([general.refetch(), approvals.refetch(), tiers.refetch()]);
  return (
    <>
      <RouteTitle />
      <div data-testid="general-settings">
        <p className="text-muted">
          <i className="bi bi-info-circle me-1" aria-hidden />
          {t('platformSettings.intro')}
        </p>
        {!general.data || !approvals.data || !tiers.data ? (
          failed ? (
            <LoadFailed onRetry={retry} />
          ) : (
            <Spinner />
          )
        ) : (
          <div className="row">
            <div className="col-xxl-6">
              <SettingsFormCard
                testId="live-settings"
                icon="bi-broadcast-pin"
                title={t('platformSettings.cards.live.title')}
                text={t('platformSettings.cards.live.text')}
                fields={SETTING_GROUPS.live}
                general={general.data}
              />
              <SettingsFormCard
                testId="link-settings"
                icon="bi-link-45deg"
                title={t('platformSettings.cards.links.title')}
                text={t('platformSettings.cards.links.text')}
                fields={SETTING_GROUPS.links}
                general={general.data}
              />
              <SettingsFormCard
                testId="sign-in-settings"
                icon="bi-shield-lock"
                title={t('platformSettings.cards.signIn.title')}
                text={t('platformSettings.cards.signIn.text')}
                fields={SETTING_GROUPS.signIn}
                general={general.data}
                guardsLoosening
              />
            </div>
            <div className="col-xxl-6">
              <ApprovalsCard settings={approvals.data} tiers={tiers.data} />
              <SettingsFormCard
                testId="money-settings"
                icon="bi-sliders"
                title={t('platformSettings.cards.money.title')}
                text={t('platformSettings.cards.money.text')}
                fields={SETTING_GROUPS.money}
                general={general.data}
              />
              <DemoDataCard general={general.data} />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
