import type { ReactNode } from 'react';

/** A labelled control of the filter bar: the small muted label above the control `id`. */
export function FilterField({
  id,
  label,
  className = 'col-auto',
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small text-muted mb-1">
        {label}
      </label>
      {children}
    </div>
  );
}
