/**
 * The dialogs open now, the last one on top (a confirmation over a detail drawer). A call's
 * refusal while one is open is shown inside the top one (its `showError`) instead of in a
 * popup over it: one dialog at a time, never an 'Oops...' on top of a form.
 */
export interface OpenDialog {
  showError: ((error: Error) => void) | null;
  /** The native `<dialog>`: a popup opened while it is on top is placed inside it. */
  element?: HTMLElement;
}

const OPEN_DIALOGS: OpenDialog[] = [];
const LISTENERS = new Set<() => void>();

/** Calls `listener` whenever a dialog opens or closes; returns the unsubscribe. */
export function subscribeDialogs(listener: () => void): () => void {
  LISTENERS.add(listener);
  return () => LISTENERS.delete(listener);
}
const tellListeners = () => LISTENERS.forEach((listener) => listener());

/** Puts a dialog on top of the stack; `closeDialog` takes it off. */
export function openDialog(entry: OpenDialog): void {
  OPEN_DIALOGS.push(entry);
  tellListeners();
}

export function closeDialog(entry: OpenDialog): void {
  const at = OPEN_DIALOGS.indexOf(entry);
  if (at >= 0) OPEN_DIALOGS.splice(at, 1);
  tellListeners();
}

export const isTopDialog = (entry: OpenDialog) => OPEN_DIALOGS.at(-1) === entry;
export const hasOpenDialog = () => OPEN_DIALOGS.length > 0;

/**
 * Where a popup or a success note goes: inside the top dialog while one is open (the page
 * outside a modal `<dialog>` is inert, so it could not be used there), else the page's body.
 */
export const popupTarget = (): HTMLElement => OPEN_DIALOGS.at(-1)?.element ?? document.body;

/** Shows `error` in the top dialog; false when no dialog is open (the caller pops it up). */
export function showErrorInOpenDialog(error: Error): boolean {
  const top = OPEN_DIALOGS.at(-1);
  if (!top?.showError) return false;
  top.showError(error);
  return true;
}
