import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { withFullStop } from '../lib/api-error';
import {
  closeDialog,
  hasOpenDialog,
  isTopDialog,
  openDialog,
  type OpenDialog,
} from '../lib/dialog-stack';
import { cycleTabWithin } from './focus-cycle';
import './dialog.css';

interface DialogProps {
  readonly title: ReactNode;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  /** `modal`: centred (confirmations, forms); `drawer`: a panel on the end side (details). */
  readonly variant?: 'modal' | 'drawer';
  readonly size?: 'sm' | 'lg' | 'xl';
  readonly testId?: string;
  /**
   * Receives a call's refusal made while this dialog is on top (a form places it by its
   * field); without it the dialog shows the message above its body.
   */
  readonly onCallError?: (error: Error) => void;
}

/** A SweetAlert2 popup is up (it sits inside the top dialog and owns the Escape key then). */
const isPopupUp = () => document.querySelector('.swal2-container') !== null;

/**
 * A native `<dialog>` opened with `showModal()`, dressed in Bootstrap's modal and offcanvas
 * markup: the browser traps the focus in it and makes the page behind inert. Escape (the
 * dialog's cancel event) and a press beside the panel close it; focus moves into it on open and
 * back where it was on close.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  variant = 'modal',
  size,
  testId,
  onCallError,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const [callError, setCallError] = useState<string | null>(null);
  const showError = useRef<(error: Error) => void>(() => undefined);
  useEffect(() => {
    close.current = onClose;
    showError.current = (error) =>
      onCallError ? onCallError(error) : setCallError(withFullStop(error.message));
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const before = document.activeElement as HTMLElement | null;
    const self: OpenDialog = { showError: (error) => showError.current(error), element };
    openDialog(self);
    element.showModal();
    const first = panel.current?.querySelector<HTMLElement>(
      'input, select, textarea, button:not(.btn-close)',
    );
    (first ?? panel.current)?.focus();
    // Escape while a popup is up belongs to the popup: noted before the popup handles the key.
    let popupHadEscape = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') popupHadEscape = isPopupUp();
      // A popup inside the dialog keeps the focus in itself.
      else if (!isPopupUp()) cycleTabWithin(element, event);
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (popupHadEscape || isPopupUp() || !isTopDialog(self)) return;
      close.current();
    };
    // The browser closes it anyway on a second Escape without a click in between: it asks to
    // close as Escape does, and shows itself again if it stays (a form that is being sent).
    const onNativeClose = () => {
      close.current();
      requestAnimationFrame(() => {
        if (element.isConnected && !element.open) element.showModal();
      });
    };
    element.addEventListener('keydown', onKey, true);
    element.addEventListener('cancel', onCancel);
    element.addEventListener('close', onNativeClose);
    document.body.classList.add('modal-open');
    return () => {
      closeDialog(self);
      element.removeEventListener('keydown', onKey, true);
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('close', onNativeClose);
      if (element.open) element.close();
      if (!hasOpenDialog()) document.body.classList.remove('modal-open');
      before?.focus?.();
    };
  }, []);
  const header = (
    <div className={variant === 'drawer' ? 'offcanvas-header border-bottom' : 'modal-header'}>
      <h5 className={variant === 'drawer' ? 'offcanvas-title' : 'modal-title'} id={titleId}>
        {title}
      </h5>
      <button
        type="button"
        className="btn-close"
        aria-label={t('common.close')}
        onClick={onClose}
      />
    </div>
  );
  const content = (
    <>
      {callError && (
        <div
          className="alert alert-danger alert-dismissible py-2"
          role="alert"
          dir="auto"
          data-testid="dialog-call-error"
        >
          {callError}
          <button
            type="button"
            className="btn-close py-2"
            aria-label={t('common.close')}
            onClick={() => setCallError(null)}
          />
        </div>
      )}
      {children}
    </>
  );
  const body =
    variant === 'drawer' ? (
      <div
        ref={panel}
        className="offcanvas offcanvas-end show bo-drawer"
        tabIndex={-1}
        data-testid={testId}
      >
        {header}
        <div className="offcanvas-body">{content}</div>
        {footer && <div className="border-top p-3 d-flex gap-2 justify-content-end">{footer}</div>}
      </div>
    ) : (
      <div className={`modal-dialog modal-dialog-centered ${size ? `modal-${size}` : ''}`}>
        <div ref={panel} className="modal-content" tabIndex={-1} data-testid={testId}>
          {header}
          <div className="modal-body">{content}</div>
          {footer && <div className="modal-footer">{footer}</div>}
        </div>
      </div>
    );
  return createPortal(
    // A press on the dialog itself (beside the panel, over the dimmed page) closes it; the
    // keyboard closes it with Escape, so the mouse handler needs no key twin.
    <dialog
      ref={dialog}
      className={`bo-dialog ${variant === 'drawer' ? 'bo-dialog-drawer' : 'modal'}`}
      // Its implicit role, written out: `[role="dialog"]` finds every dialog, native or not.
      role="dialog"
      aria-labelledby={titleId}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {body}
    </dialog>,
    document.body,
  );
}
