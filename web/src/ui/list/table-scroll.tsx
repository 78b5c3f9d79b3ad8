import type { CSSProperties, ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in: a named region that takes keyboard focus, so the
 * arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable) and a screen reader
 * announces what the table is.
 */
export function TableScroll({
  label,
  className = 'table-responsive',
  style,
  children,
}: {
  /** What the table holds (the screen's title, a card's title). */
  label: string;
  className?: string;
  /** A height limit, for a long table inside a card. */
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    // A scrolling region is focusable so keyboard users can scroll it (jsx-a11y's advice).
    <div
      className={`${className} table-scroll`}
      role="region"
      aria-label={label}
      tabIndex={0}
      style={style}
    >
      {children}
    </div>
  );
}
