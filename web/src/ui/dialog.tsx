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

/**
 * Bootstrap's modal and offcanvas markup driven by React (no Bootstrap JavaScript): Escape and
 * the backdrop close it, focus moves into it on open and back where it was on close.
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
    const before = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input, select, textarea, button:not(.btn-close)',
    );
    (first ?? panel.current)?.focus();
    const self: OpenDialog = { showError: (error) => showError.current(error) };
    openDialog(self);
    const onKey = (event: KeyboardEvent) => {
      // Escape closes the dialog on top only, and not while a popup above it has the key.
      if (event.key !== 'Escape' || !isTopDialog(self)) return;
      if (document.querySelector('.swal2-container')) return;
      close.current();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      closeDialog(self);
      document.removeEventListener('keydown', onKey);
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
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        {header}
        <div className="offcanvas-body">{content}</div>
        {footer && <div className="border-top p-3 d-flex gap-2 justify-content-end">{footer}</div>}
      </div>
    ) : (
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <div className={`modal-dialog modal-dialog-centered ${size ? `modal-${size}` : ''}`}>
          <div ref={panel} className="modal-content" tabIndex={-1} data-testid={testId}>
            {header}
            <div className="modal-body">{content}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
    );
  return createPortal(
    <>
      <div
        className={
          variant === 'drawer' ? 'offcanvas-backdrop fade show' : 'modal-backdrop fade show'
        }
        onClick={variant === 'drawer' ? onClose : undefined}
      />
      {body}
    </>,
    document.body,
  );
}
