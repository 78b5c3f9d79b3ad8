import type { ReactNode } from 'react';

/** A card of a settings page: icon, title, a line of text, its actions and body. */
export function SettingsCard({
  testId,
  icon,
  title,
  text,
  actions,
  children,
  className = '',
}: {
  testId: string;
  icon: string;
  title: string;
  text: string;
  actions?: ReactNode;
  children: ReactNode;
  /** Extra classes, e.g. the margin of cards stacked without a grid. */
  className?: string;
}) {
  return (
    <section className={`card ${className}`.trim()} data-testid={testId}>
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div className="d-flex align-items-center gap-2">
          <span className="section-icon">
            <i className={`bi ${icon}`} aria-hidden />
          </span>
          <div>
            <h5 className="card-title mb-0">{title}</h5>
            <p className="text-muted small mb-0">{text}</p>
          </div>
        </div>
        {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
