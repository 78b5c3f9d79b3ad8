import { useId, useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { DialogFooter } from './dialog-footer';
import { FieldErrorProvider, useFormErrorPlacement, type FormError } from './field-errors';

interface FormDialogProps {
  readonly title: ReactNode;
  readonly testId: string;
  readonly size?: 'sm' | 'lg' | 'xl';
  /** The submit button's words and test id. */
  readonly submitLabel: string;
  readonly submitTestId: string;
  /** Runs on submit with the form (the browser's own submit is already prevented). */
  readonly onSubmit: (form: HTMLFormElement) => unknown;
  readonly onClose: () => void;
  /** While true the buttons wait and the dialog can't be closed. */
  readonly isBusy: boolean;
  /**
   * The form's own words, or a call's failure: a refusal of one of its fields shows under that
   * field, anything else above the fields (with `errorTestId`).
   */
  readonly error?: FormError;
  readonly errorTestId?: string;
  readonly autoComplete?: 'off';
  readonly children: ReactNode;
}

/**
 * A form in a modal dialog: the fields, an optional refusal above them, and a footer with
 * Cancel and a submit button that waits while the form is being sent. The confirmation and the
 * call stay with the form that uses it; the call's schema is checked before it is sent (the call
 * client), and every field it refuses shows under its input at once.
 */
export function FormDialog({
  title,
  testId,
  size,
  submitLabel,
  submitTestId,
  onSubmit,
  onClose,
  isBusy,
  error,
  errorTestId,
  autoComplete,
  children,
}: FormDialogProps) {
  const formId = useId();
  // A refusal the API client routed here (a sender that pops errors up) is placed the same way.
  const [callError, setCallError] = useState<Error | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCallError(null);
    void onSubmit(event.currentTarget);
  };
  return (
    <Dialog
      title={title}
      size={size}
      onClose={isBusy ? () => undefined : onClose}
      testId={testId}
      onCallError={setCallError}
      footer={
        <DialogFooter
          busy={isBusy}
          onCancel={onClose}
          action={{ label: submitLabel, form: formId, testId: submitTestId }}
        />
      }
    >
      <ErrorPlacingForm
        id={formId}
        onSubmit={submit}
        autoComplete={autoComplete}
        error={error || callError}
        errorTestId={errorTestId}
      >
        {children}
      </ErrorPlacingForm>
    </Dialog>
  );
}

/**
 * The form of a `FormDialog`: each refused field of its error under its input, all at once (the
 * call client's check before sending names them all; the first takes the focus), anything else
 * above the fields. The browser's own checks are off: the call's schema is the one rule.
 */
export function ErrorPlacingForm({
  error,
  errorTestId,
  children,
  ...form
}: {
  readonly error: FormError;
  readonly errorTestId?: string;
  readonly children: ReactNode;
} & Pick<FormHTMLAttributes<HTMLFormElement>, 'id' | 'onSubmit' | 'autoComplete'>) {
  const { placed, alert } = useFormErrorPlacement(error);
  return (
    <form {...form} noValidate>
      {alert && (
        <div className="alert alert-danger py-2" role="alert" dir="auto" data-testid={errorTestId}>
          {alert}
        </div>
      )}
      <FieldErrorProvider value={placed}>{children}</FieldErrorProvider>
    </form>
  );
}
