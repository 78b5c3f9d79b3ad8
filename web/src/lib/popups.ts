import { i18n } from '../i18n';
import { popupTarget, showErrorInOpenDialog } from './dialog-stack';

/**
 * SweetAlert2 popups of spec sections 4 and 8. The library loads on first use so that it stays
 * out of the sign-in page's initial JavaScript.
 */
const loadSwal = () => import('sweetalert2').then((m) => m.default);

/**
 * How many popups are up or on their way (SweetAlert2 shows one at a time; one that replaces
 * another is counted before the other ends), for a page's own modal dialog that must not open
 * over one: everything outside a modal `<dialog>` is inert, a popup in the page's body too.
 */
let popupsUp = 0;
const popupListeners = new Set<() => void>();

/** Calls `listener` whenever a popup comes or goes; returns the unsubscribe. */
export function subscribePopups(listener: () => void): () => void {
  popupListeners.add(listener);
  return () => popupListeners.delete(listener);
}

/** Whether a popup is up (or on its way). */
export const isPopupUp = (): boolean => popupsUp > 0;

/** Runs `fire` (one popup), counted in `popupsUp` until it ends. */
async function counted<T>(fire: () => Promise<T>): Promise<T> {
  popupsUp++;
  popupListeners.forEach((listener) => listener());
  try {
    return await fire();
  } finally {
    popupsUp--;
    popupListeners.forEach((listener) => listener());
  }
}

const BUTTON_CLASSES = {
  popup: 'bo-popup',
  confirmButton: 'btn btn-primary px-4',
  cancelButton: 'btn btn-light px-4 ms-2',
};

/**
 * The 'Oops...' popup: error icon, the given text, a Done button. While a dialog is open the
 * text shows inside it instead (never a popup over a dialog), unless `overDialogs` (the
 * session's end, whose page change closes every dialog).
 */
export async function showErrorPopup(
  text: string,
  { overDialogs = false }: { overDialogs?: boolean } = {},
): Promise<void> {
  if (!overDialogs && showErrorInOpenDialog(new Error(text))) return;
  await counted(async () => {
    const Swal = await loadSwal();
    await Swal.fire({
      title: i18n.t('popup.oopsTitle'),
      text,
      icon: 'error',
      confirmButtonText: i18n.t('popup.done'),
      buttonsStyling: false,
      customClass: BUTTON_CLASSES,
    });
  });
}

/** Asks before a destructive action; resolves true when confirmed. */
export async function confirmAction(text: string, confirmLabel: string): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await counted(() =>
    Swal.fire({
      target: popupTarget(),
      text,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: confirmLabel,
      cancelButtonText: i18n.t('common.cancel'),
      buttonsStyling: false,
      customClass: BUTTON_CLASSES,
    }),
  );
  return result.isConfirmed;
}

/**
 * The reminder is shown after a lazy load of SweetAlert2, so a page change can ask to close it
 * before it is even open. Each show and each close takes the next token: a show whose token
 * is no longer the latest never opens, and a close only closes the reminder it saw open.
 */
let reminderToken = 0;
let openReminderToken: number | null = null;

/**
 * Spec section 4: 'Two-Factor Authentication' reminder with an Enable button and no cancel
 * button. Resolves true when Enable was pressed (false when it was closed or never opened).
 */
export async function showTwoFactorReminder(): Promise<boolean> {
  const token = ++reminderToken;
  const Swal = await loadSwal();
  if (token !== reminderToken) return false;
  openReminderToken = token;
  try {
    const result = await counted(() =>
      Swal.fire({
        title: i18n.t('popup.twoFactorTitle'),
        text: i18n.t('popup.twoFactorText'),
        icon: 'warning',
        showCancelButton: false,
        confirmButtonText: i18n.t('popup.enable'),
        buttonsStyling: false,
        customClass: { ...BUTTON_CLASSES, popup: 'bo-popup bo-popup-two-factor' },
      }),
    );
    return result.isConfirmed;
  } finally {
    if (openReminderToken === token) openReminderToken = null;
  }
}

/** Closes the reminder (and only the reminder) when the user moves to another page. */
export async function closeTwoFactorReminder(): Promise<void> {
  reminderToken++;
  const open = openReminderToken;
  if (open === null) return;
  const Swal = await loadSwal();
  if (openReminderToken === open) Swal.close();
}
