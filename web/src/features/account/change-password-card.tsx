import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPasswordPolicy } from '@bo/contract';
import { withFullStop } from '../../lib/api-error';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { sendChangePassword } from './api/change-password';
import { SettingsCard } from '../../ui/settings-card';
import { useSubmit } from '../../ui/use-submit';

/** Change password: the current one, the new one twice; other sessions are signed out. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { isBusy, run } = useSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found =
      !current || !next
        ? t('common.required')
        : next !== confirmation
          ? t('auth.passwordsDiffer')
          : checkPasswordPolicy(next);
    setProblem(found ? withFullStop(found) : null);
    if (found) return;
    await run(async () => {
      const result = await sendChangePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirmation('');
      announceSuccess(t('security.passwordChanged', { count: result.revoked_sessions }), {
        keep: true,
      });
    });
  };

  return (
    <SettingsCard id="change-password" icon="bi-key" title={t('security.changePassword')}>
      <form onSubmit={submit} noValidate style={{ maxWidth: 460 }}>
        <FormField
          label={t('security.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <FormField
          label={t('security.newPassword')}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <FormField
          label={t('security.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={problem}
        />
        <BusyButton type="submit" className="btn-primary" isBusy={isBusy}>
          {t('common.save')}
        </BusyButton>
      </form>
    </SettingsCard>
  );
}
