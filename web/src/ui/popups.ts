import { i18n } from '../i18n';

/**
 * SweetAlert2 popups of spec sections 4 and 8. The library loads on first use so that it stays
 * out of the sign-in page's initial JavaScript.
 */
const loadSwal = () => import('sweetalert2').then((m) => m.default);

const BUTTON_CLASSES = {
  popup: 'bo-popup',
  confirmButton: 'btn btn-primary px-4',
  cancelButton: 'btn btn-light px-4 ms-2',
};

/** The 'Oops...' popup: error icon, the given text, a Done button. */
export async function showErrorPopup(text: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    title: i18n.t('popup.oopsTitle'),
    text,
    icon: 'error',
    confirmButtonText: i18n.t('popup.done'),
    buttonsStyling: false,
    customClass: BUTTON_CLASSES,
  });
}

/** A short success note after a change was saved. */
export async function showSuccessPopup(text: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    text,
    icon: 'success',
    confirmButtonText: i18n.t('popup.done'),
    buttonsStyling: false,
    customClass: BUTTON_CLASSES,
  });
}

/** Asks before a destructive action; resolves true when confirmed. */
export async function confirmAction(text: string, confirmLabel: string): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: confirmLabel,
    cancelButtonText: i18n.t('common.cancel'),
    buttonsStyling: false,
    customClass: BUTTON_CLASSES,
  });
  return result.isConfirmed;
}

let isTwoFactorReminderOpen = false;

/**
 * Spec section 4: 'Two-Factor Authentication' reminder with an Enable button and no cancel
 * button. Resolves true when Enable was pressed.
 */
export async function showTwoFactorReminder(): Promise<boolean> {
  const Swal = await loadSwal();
  isTwoFactorReminderOpen = true;
  try {
    const result = await Swal.fire({
      title: i18n.t('popup.twoFactorTitle'),
      text: i18n.t('popup.twoFactorText'),
      icon: 'warning',
      showCancelButton: false,
      confirmButtonText: i18n.t('popup.enable'),
      buttonsStyling: false,
      customClass: { ...BUTTON_CLASSES, popup: 'bo-popup bo-popup-two-factor' },
    });
    return result.isConfirmed;
  } finally {
    isTwoFactorReminderOpen = false;
  }
}

/** Closes the reminder (and only the reminder) when the user moves to another page. */
export async function closeTwoFactorReminder(): Promise<void> {
  if (!isTwoFactorReminderOpen) return;
  const Swal = await loadSwal();
  if (isTwoFactorReminderOpen) Swal.close();
}
