const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `box` that Tab stops on, in order (the ones on show). */
function tabbablesOf(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.checkVisibility(),
  );
}

/**
 * Keeps Tab going round inside `box`: Tab on its last stop goes to the first, Shift+Tab on the
 * first to the last. A modal `<dialog>` makes the page behind inert, but the browser would let
 * the focus out to its own toolbar; this keeps it in the dialog.
 */
export function cycleTabWithin(box: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const stops = tabbablesOf(box);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const target = event.shiftKey
    ? active === first || !box.contains(active)
      ? last
      : null
    : active === last || !box.contains(active)
      ? first
      : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}
