import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import {
  currentSuccessNotes,
  dismissSuccess,
  holdSuccessNotes,
  subscribeSuccessNotes,
} from '../lib/success-notes';
import { popupTarget, subscribeDialogs } from '../lib/dialog-stack';
import { SvgIcon } from './svg-icon';

/**
 * The polite live region the success notes appear in, at the bottom of the end side (the left
 * in Arabic). It is always in the page (an announcement only reaches a screen reader through a
 * region that was there before it). Notes never take the focus; while the pointer or the focus
 * is on them they stay, and each has its own Dismiss button.
 */
export function SuccessToasts() {
  const { t } = useTranslation();
  const notes = useSyncExternalStore(subscribeSuccessNotes, currentSuccessNotes);
  // Inside the open dialog, if any: the page behind a modal dialog is inert.
  const target = useSyncExternalStore(subscribeDialogs, popupTarget);
  return createPortal(
    <div
      className="toast-container position-fixed bottom-0 end-0 p-3"
      role="status"
      aria-live="polite"
      data-testid="success-notes"
      onMouseEnter={() => holdSuccessNotes(true)}
      onMouseLeave={() => holdSuccessNotes(false)}
      onFocus={() => holdSuccessNotes(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) holdSuccessNotes(false);
      }}
    >
      {notes.map((note) => (
        <div
          key={note.id}
          className="toast show align-items-center text-bg-success border-0"
          data-testid="success-note"
          data-keep={note.keep || undefined}
        >
          <div className="d-flex">
            <div className="toast-body" dir="auto">
              <SvgIcon svg={checkCircle} className="me-2" />
              {note.text}
            </div>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label={t('feedback.success.dismiss')}
              onClick={() => dismissSuccess(note.id)}
            />
          </div>
        </div>
      ))}
    </div>,
    target,
  );
}
