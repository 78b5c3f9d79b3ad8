import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button';

/** A footer's main button: what it says, and what it does (submit a form, or run `onClick`). */
export interface FooterAction {
  readonly label: ReactNode;
  readonly testId?: string;
  /** Its colour, `btn-primary` unless said (`btn-danger` for what cannot be undone). */
  readonly className?: string;
  readonly disabled?: boolean;
  /** Words beside the spinner while it waits. */
  readonly busyLabel?: string;
  /** Submits the form of this id (a submit button), else the button runs `onClick`. */
  readonly form?: string;
  readonly onClick?: () => void;
}

/**
 * A dialog's footer: the way out (Cancel, or the words given), anything `beside` it, then the
 * main button, which waits while `busy` (the way out waits too). Without `onCancel` only the main
 * button shows (a dialog that only tells: Close, Done).
 */
export function DialogFooter({
  action,
  busy = false,
  onCancel,
  cancelLabel,
  cancelTestId,
  beside,
}: {
  action: FooterAction;
  busy?: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  cancelTestId?: string;
  beside?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onCancel && (
        <button
          type="button"
          className="btn btn-light"
          onClick={onCancel}
          disabled={busy}
          data-testid={cancelTestId}
        >
          {cancelLabel ?? t('common.cancel')}
        </button>
      )}
      {beside}
      <BusyButton
        type={action.form ? 'submit' : 'button'}
        form={action.form}
        className={action.className ?? 'btn-primary'}
        isBusy={busy}
        busyLabel={action.busyLabel}
        disabled={action.disabled}
        onClick={action.onClick}
        data-testid={action.testId}
      >
        {action.label}
      </BusyButton>
    </>
  );
}

/**
 * The footer of a two-step form: Cancel and Review while it is filled, then Back and Confirm
 * once what it will do is shown, so every reviewed change reads the same.
 */
export function ReviewFooter({
  reviewing,
  busy = false,
  review,
  confirm,
  onBack,
  onCancel,
  backLabel,
  backTestId,
  cancelLabel,
  beside,
}: {
  reviewing: boolean;
  busy?: boolean;
  /** The first step's button (Review): submits the form, or runs `onClick`. */
  review: FooterAction;
  confirm: FooterAction;
  onBack: () => void;
  onCancel: () => void;
  /** Back's words (`money.request.back` unless said) and test id. */
  backLabel?: string;
  backTestId?: string;
  cancelLabel?: string;
  /** Another way out shown before Review (a dispute's "Save draft"). */
  beside?: ReactNode;
}) {
  const { t } = useTranslation();
  return reviewing ? (
    <DialogFooter
      action={confirm}
      busy={busy}
      onCancel={onBack}
      cancelLabel={backLabel ?? t('money.request.back')}
      cancelTestId={backTestId}
    />
  ) : (
    <DialogFooter
      action={review}
      busy={busy}
      onCancel={onCancel}
      cancelLabel={cancelLabel}
      beside={beside}
    />
  );
}
