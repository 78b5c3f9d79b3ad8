import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { SettingsCard } from '../../ui/settings-card';
import { Spinner } from '../../ui/spinner';
import { applyPlatformSettings, type GeneralSettings } from './api/get-platform-settings';
import { sendOnOffDemoData } from './api/on-off-demo-data';
import { useSubmit } from '../../ui/use-submit';

/**
 * The demo-data toggle (onOffDemoData): whether the dashboard's figures include the demo
 * accounts. Switched after a confirmation; the server logs the change.
 */
export function DemoDataCard({ general }: { general: GeneralSettings }) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const isIncluded = general.is_included_demo_data === 1;

  const toggle = async () => {
    const question = isIncluded
      ? t('platformSettings.demo.confirmOff')
      : t('platformSettings.demo.confirmOn');
    if (!(await confirmAction(question, t('platformSettings.demo.switch')))) return;
    await run(async () => {
      const answer = await sendOnOffDemoData({ enabled: isIncluded ? 0 : 1 });
      await applyPlatformSettings({ ...general, ...answer });
      announceSuccess(t('platformSettings.saved'));
    });
  };

  return (
    <SettingsCard
      className="mb-3"
      testId="demo-data"
      icon="bi-database"
      title={t('platformSettings.cards.demo.title')}
      text={t('platformSettings.cards.demo.text')}
    >
      <div className="form-check form-switch d-flex align-items-center gap-2">
        <input
          id="demo-data-switch"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={isIncluded}
          disabled={isBusy}
          onChange={() => void toggle().catch(() => undefined)}
          data-testid="demo-data-switch"
        />
        <label className="form-check-label" htmlFor="demo-data-switch">
          {isIncluded ? t('platformSettings.demo.included') : t('platformSettings.demo.excluded')}
        </label>
        {isBusy && <Spinner size="sm" />}
      </div>
    </SettingsCard>
  );
}
