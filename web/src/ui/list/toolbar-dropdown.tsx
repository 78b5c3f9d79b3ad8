import type { ReactNode } from 'react';
import { useDropdown } from '../use-dropdown';

/** A small toolbar button opening a menu below it (column chooser, export formats). */
export function ToolbarDropdown({
  icon,
  label,
  variant,
  testId,
  menuClassName = '',
  children,
}: {
  icon: string;
  label: string;
  variant: 'secondary' | 'primary';
  testId: string;
  menuClassName?: string;
  /** The menu's content; `close` shuts it (after a choice). */
  children: (close: () => void) => ReactNode;
}) {
  const { isOpen, toggle, setOpen, ref } = useDropdown();
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={`btn btn-sm btn-outline-${variant}`}
        onClick={toggle}
        aria-expanded={isOpen}
        data-testid={testId}
      >
        <i className={`bi ${icon} me-1`} aria-hidden />
        {label}
      </button>
      {isOpen && (
        <div className={`dropdown-menu dropdown-menu-end show ${menuClassName}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
