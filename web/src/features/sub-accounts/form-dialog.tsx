import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';

/**
 * A sub-account form in a dialog: Continue checks the fields (`submit` shows their messages
 * and resolves false), asks for confirmation and sends; a saved change closes the dialog, a
 * refusal keeps what was typed.
 */
export function FormDialog({
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
  const formId = useId();
  const [isBusy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (await submit()) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={title}
      testId={testId}
      onClose={isBusy ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="btn btn-light" disabled={isBusy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <BusyButton
            type="submit"
            form={formId}
            className="btn-primary"
            isBusy={isBusy}
            data-testid="form-continue"
          >
            {t('subAccounts.form.save')}
          </BusyButton>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
