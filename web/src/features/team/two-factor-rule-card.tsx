import { useTranslation } from 'react-i18next';
import type { Team } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { SettingsCard } from '../../ui/settings-card';
import { Spinner } from '../../ui/spinner';
import { useSubmit } from '../../ui/use-submit';
import { applyTeam } from './api/get-team';
import { sendSetTeamTwoFactor } from './api/set-team-two-factor';

/**
 * Whether every admin must use 2FA (setTeamTwoFactor): switched after a confirmation; how many
 * active admins still lack it is said under the switch.
 */
export function TwoFactorRuleCard({ team }: { team: Team }) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const isRequired = team.requires_two_factor === 1;
  const without = team.members.filter((m) => m.status === 'active' && m.otp_enabled === 0).length;

  const toggle = async () => {
    const question = isRequired ? t('team.rule.confirmOff') : t('team.rule.confirmOn');
    if (!(await confirmAction(question, t('team.rule.switch')))) return;
    await run(async () => {
      applyTeam(await sendSetTeamTwoFactor({ required: !isRequired }));
      announceSuccess(isRequired ? t('team.done.ruleOff') : t('team.done.ruleOn'));
    });
  };

  return (
    <SettingsCard
      className="mb-3"
      testId="team-two-factor-rule"
      icon="bi-shield-lock"
      title={t('team.rule.title')}
      text={t('team.rule.text')}
    >
      <div className="form-check form-switch d-flex align-items-center gap-2">
        <input
          id="team-two-factor-switch"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={isRequired}
          disabled={isBusy}
          aria-busy={isBusy}
          onChange={() => void toggle().catch(() => undefined)}
          data-testid="team-two-factor-switch"
        />
        {/* One name whatever its state: the switch itself says on or off. */}
        <label className="form-check-label" htmlFor="team-two-factor-switch">
          {t('team.rule.required')}
        </label>
        {isBusy && <Spinner size="sm" />}
      </div>
      {without > 0 && (
        <p className="small text-muted mt-2 mb-0" data-testid="team-without-two-factor">
          {t('team.rule.withoutCount', { count: without })}
        </p>
      )}
    </SettingsCard>
  );
}
