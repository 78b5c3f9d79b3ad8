import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { SettingsCard } from '../../ui/settings-card';
import { Spinner } from '../../ui/spinner';
import { useSubmit } from '../../ui/use-submit';
import { applyTeam } from './api/get-team';
import { sendSetTeamTwoFactor } from './api/set-team-two-factor';
import { GuardedReasonDialog } from './guarded-reason-dialog';

/**
 * Whether every admin must use 2FA (setTeamTwoFactor): switched on after a confirmation; switched
 * off only by a second admin's approval, after a reason. How many active admins still lack 2FA is
 * said under the switch.
 */
export function TwoFactorRuleCard({ team }: { team: Team }) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const isRequired = team.requires_two_factor === 1;
  const without = team.members.filter((m) => m.status === 'active' && m.otp_enabled === 0).length;

  const [askingOff, setAskingOff] = useState(false);
  const pendingOff = team.pending_changes.some((c) => c.kind === 'team_two_factor_off');

  /** Requiring 2FA applies at once; ending the rule waits for a second admin, who reads why. */
  const toggle = async () => {
    if (isRequired) return setAskingOff(true);
    if (!(await confirmAction(t('team.rule.confirmOn'), t('team.rule.switch')))) return;
    await run(async () => {
      applyTeam(await sendSetTeamTwoFactor({ required: true }));
      announceSuccess(t('team.done.ruleOn'));
    });
  };
  const askOff = async (reason: string) => {
    applyTeam(await sendSetTeamTwoFactor({ required: false, reason }));
    announceSuccess(t('team.done.ruleOffWaiting'));
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
          disabled={isBusy || pendingOff}
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
      {pendingOff && (
        <p className="small text-muted mt-2 mb-0" data-testid="team-two-factor-off-waiting">
          {t('team.rule.offWaiting')}
        </p>
      )}
      {askingOff && (
        <GuardedReasonDialog
          title={t('team.rule.confirmOff')}
          text={t('team.guarded.ruleOffText')}
          submitLabel={t('team.guarded.ask')}
          testId="team-two-factor-off"
          send={askOff}
          onClose={() => setAskingOff(false)}
        />
      )}
      {without > 0 && (
        <p className="small text-muted mt-2 mb-0" data-testid="team-without-two-factor">
          {t('team.rule.withoutCount', { count: without })}
        </p>
      )}
    </SettingsCard>
  );
}
