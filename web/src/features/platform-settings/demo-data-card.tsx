import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { SettingsCard } from '../../ui/settings-card';
import { Spinner } from '../../ui/spinner';
import { applyPlatformSettings, type GeneralSettings } from './api/get-platform-settings';
import { sendOnOffDemoData } from './api/on-off-demo-data';

/**
 * The demo-data toggle (onOffDemoData): whether the dashboard's figures include the demo
 * accounts. Switched after a confirmation; the switch moves at once and is busy (disabled,
 * `aria-busy`) until the server answers; refused or cut off, it goes back and says so. The
 * server logs the change.
 */
export function DemoDataCard({ general }: { general: GeneralSettings }) {
  const { t } = useTranslation();
  /** The position asked for, shown while the server has not answered. */
  const [asked, setAsked] = useState<boolean | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const isIncluded = general.is_included_demo_data === 1;
  const isBusy = asked !== null;
  const isShownIncluded = asked ?? isIncluded;

  const toggle = async () => {
    const question = isIncluded
      ? t('platformSettings.demo.confirmOff')
      : t('platformSettings.demo.confirmOn');
    if (!(await confirmAction(question, t('platformSettings.demo.switch')))) return;
    setFailed(false);
    setAsked(!isIncluded);
    try {
      const answer = await sendOnOffDemoData({ enabled: isIncluded ? 0 : 1 });
      await applyPlatformSettings({ ...general, ...answer });
      announceSuccess(t('platformSettings.saved'));
    } catch {
      // A refusal has been shown by the API client; either way the switch goes back.
      setFailed(true);
    } finally {
      setAsked(null);
    }
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
          checked={isShownIncluded}
          disabled={isBusy}
          aria-busy={isBusy}
          aria-describedby={hasFailed ? 'demo-data-failed' : undefined}
          onChange={() => void toggle()}
          data-testid="demo-data-switch"
        />
        <label className="form-check-label" htmlFor="demo-data-switch">
          {isShownIncluded
            ? t('platformSettings.demo.included')
            : t('platformSettings.demo.excluded')}
        </label>
        {isBusy && <Spinner size="sm" />}
      </div>
      {hasFailed && (
        <p
          id="demo-data-failed"
          className="text-danger small mt-2 mb-0"
          role="alert"
          data-testid="demo-data-failed"
        >
          {t('common.switchFailed')}
        </p>
      )}
    </SettingsCard>
  );
}
