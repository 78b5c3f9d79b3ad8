import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form-dialog';
import { useSubmit } from '../../ui/use-submit';

/**
 * A sub-account form in a dialog: Continue checks the fields (`submit` shows their messages
 * and resolves false), asks for confirmation and sends; a saved change closes the dialog, a
 * refusal keeps what was typed.
 */
export function SubAccountFormDialog({
  title,
  testId,
  onClose,
  submit,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  /** Validates, confirms and sends; resolves whether the change was saved. */
  submit: () => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const onSubmit = async () => {
    if (await run(submit)) onClose();
  };
  return (
    <FormDialog
      title={title}
      testId={testId}
      submitLabel={t('subAccounts.form.save')}
      submitTestId="form-continue"
      onSubmit={onSubmit}
      onClose={onClose}
      isBusy={isBusy}
    >
      {children}
    </FormDialog>
  );
}
