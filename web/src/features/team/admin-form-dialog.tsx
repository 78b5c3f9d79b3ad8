import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleName, type TeamMember } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { announceSuccess } from '../../lib/success-notes';
import { CheckboxGroup } from '../../ui/checkbox-group';
import type { FormError } from '../../ui/field-errors';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { applyTeam } from './api/get-team';
import { sendInviteAdmin } from './api/invite-admin';
import { sendSetAdminModules } from './api/set-admin-modules';

/** What the form checks before sending (the server checks again). */
function problemOf(
  modules: readonly ModuleName[],
  needsReason: boolean,
  reason: string,
  takesOwnAdministrator: boolean,
): 'needsModule' | 'reasonNeeded' | 'ownAdministrator' | null {
  if (modules.length === 0) return 'needsModule';
  if (takesOwnAdministrator) return 'ownAdministrator';
  if (needsReason && !reason.trim()) return 'reasonNeeded';
  return null;
}

/**
 * Invites an admin (no `member`) or sets a member's modules. An invitation, and giving a member
 * any module it lacks, wait for a second admin: the form then asks the reason that admin reads.
 * Taking modules away applies at once.
 */
export function AdminFormDialog({ member, onClose }: { member?: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const [modules, setModules] = useState<readonly ModuleName[]>(member?.modules ?? []);
  const [reason, setReason] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);
  const submitting = useSubmit();
  const error: FormError = ownError ?? submitting.error;
  const needsReason = !member || modules.some((m) => !member.modules.includes(m));
  const takesOwnAdministrator = member?.is_you === 1 && !modules.includes('administrator');

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const problem = problemOf(modules, needsReason, reason, takesOwnAdministrator);
    setOwnError(problem && t(`team.form.${problem}`));
    if (problem) return;
    const common = { modules: [...modules], reason: needsReason ? reason.trim() : undefined };
    const email = member?.email ?? text('email');
    const team = await submitting.run(() =>
      member
        ? sendSetAdminModules({ accountDbCode: member.account_db_code, ...common })
        : sendInviteAdmin({ email, username: text('username'), name: text('name'), ...common }),
    );
    if (!team) return;
    applyTeam(team);
    const name = isolate(member?.name || member?.username || email);
    announceSuccess(
      member
        ? t(needsReason ? 'team.done.modulesWaiting' : 'team.done.modules', { name })
        : t('team.done.inviteWaiting', { email: isolate(email) }),
    );
    onClose();
  };

  return (
    <FormDialog
      title={
        member
          ? t('team.form.modulesTitle', { name: isolate(member.name || member.username) })
          : t('team.form.inviteTitle')
      }
      size="lg"
      testId="team-admin-form"
      submitLabel={t(member ? 'team.form.save' : 'team.form.send')}
      submitTestId="team-admin-form-save"
      onSubmit={submit}
      onClose={onClose}
      isBusy={submitting.isBusy}
      error={error}
      errorTestId="team-admin-form-error"
    >
      {!member && (
        <div className="row">
          <FormField
            className="col-md-12"
            label={t('team.form.email')}
            hint={t('team.form.emailHint')}
            name="email"
            type="email"
            required
            data-testid="team-invite-email"
          />
          <FormField
            className="col-md-6"
            label={t('team.form.username')}
            name="username"
            required
            data-testid="team-invite-username"
          />
          <FormField
            className="col-md-6"
            label={t('team.form.name')}
            name="name"
            required
            data-testid="team-invite-name"
          />
        </div>
      )}
      <CheckboxGroup
        legend={t('team.form.modules')}
        name="modules"
        choices={MODULES.map((m) => ({ value: m, label: t(`accounts.modules.${m}`) }))}
        selected={modules}
        onChange={(next) => setModules(MODULES.filter((m) => next.includes(m)))}
      />
      {needsReason && (
        <FormField
          label={t('team.form.reason')}
          hint={t('team.form.reasonHint')}
          name="reason"
          maxLength={300}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="team-admin-form-reason"
        />
      )}
    </FormDialog>
  );
}
