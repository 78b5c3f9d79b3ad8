import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { DialogFooter } from './dialog-footer';

interface ConfirmDialogProps {
  readonly title: ReactNode;
  readonly testId: string;
  /** The confirm button's words, test id and colour (`btn-primary` unless said). */
  readonly confirmLabel: string;
  readonly confirmTestId: string;
  readonly confirmClassName?: string;
  /**
   * What Confirm does. The dialog closes once it resolves; answering `false` (the dialog's own
   * check refused) keeps it open. A failed call keeps it open too: the popup told why.
   */
  readonly onConfirm: () => Promise<boolean | void>;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/**
 * Asks before an action: what it will do, Cancel, and a confirm button that waits while the
 * action runs (the dialog can't be closed meanwhile).
 */
export function ConfirmDialog({
  title,
  testId,
  confirmLabel,
  confirmTestId,
  confirmClassName = 'btn-primary',
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      if ((await onConfirm()) === false) return setBusy(false);
      onClose();
    } catch {
      // The popup told why; the dialog stays for another try or Cancel.
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={title}
      onClose={isBusy ? () => undefined : onClose}
      testId={testId}
      footer={
        <DialogFooter
          busy={isBusy}
          onCancel={onClose}
          action={{
            label: confirmLabel,
            className: confirmClassName,
            onClick: () => void confirm(),
            testId: confirmTestId,
          }}
        />
      }
    >
      {children}
    </Dialog>
  );
}
