import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormError } from '../../ui/field-errors';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';

/**
 * Asks the reason for a team change that waits for a second admin (activating an admin again,
 * ending the team's 2FA rule): says what happens, then sends `send(reason)`. Closes once sent.
 */
export function GuardedReasonDialog({
  title,
  text,
  submitLabel,
  testId,
  send,
  onClose,
}: {
  title: string;
  text: string;
  submitLabel: string;
  testId: string;
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);
  const submitting = useSubmit();
  const error: FormError = ownError ?? submitting.error;

  const submit = async () => {
    const said = reason.trim();
    setOwnError(said ? null : t('team.form.reasonNeeded'));
    if (!said) return;
    const done = await submitting.run(async () => {
      await send(said);
      return true;
    });
    if (done) onClose();
  };

  return (
    <FormDialog
      title={title}
      testId={testId}
      submitLabel={submitLabel}
      submitTestId={`${testId}-send`}
      onSubmit={submit}
      onClose={onClose}
      isBusy={submitting.isBusy}
      error={error}
      errorTestId={`${testId}-error`}
    >
      <p>{text}</p>
      <FormField
        label={t('team.form.reason')}
        hint={t('team.guarded.reasonHint')}
        name="reason"
        maxLength={300}
        required
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setOwnError(null);
        }}
        data-testid={`${testId}-reason`}
      />
    </FormDialog>
  );
}
