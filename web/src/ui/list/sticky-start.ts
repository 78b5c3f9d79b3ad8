/** Sets the width of a table's sticky start columns on its scroll box (the snap padding). */
function measureStickyStart(table: HTMLTableElement, box: HTMLElement): void {
  const heads = [...table.querySelectorAll<HTMLElement>(':scope > thead > tr > th')];
  const kept = heads[0]?.classList.contains('list-select-cell') ? 2 : 1;
  const width = heads.slice(0, kept).reduce((sum, th) => sum + th.offsetWidth, 0);
  box.style.setProperty('--list-sticky-width', `${width}px`);
}

/**
 * A ref for a list table that keeps `--list-sticky-width` on its scroll box: how wide its
 * sticky start columns are (the first, or on a bulk list the box and the id). list.css pads
 * the box's scroll snap by it, so a sideways scroll (by hand, or to reveal a row action's
 * button) stops with a column's start just past the sticky ones, never half under them
 * (issue 40: an amount read as ",603,063.96").
 */
export function keepStickyStart(table: HTMLTableElement | null): (() => void) | undefined {
  const box = table?.parentElement;
  if (!table || !box) return undefined;
  measureStickyStart(table, box);
  const observer = new ResizeObserver(() => measureStickyStart(table, box));
  observer.observe(table);
  return () => observer.disconnect();
}
