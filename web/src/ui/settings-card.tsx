import type { ReactNode } from 'react';

/**
 * A card of a settings or account page: icon, title, a line of text, its actions and body. With
 * an `id` it is also an anchor (`/profile#two-factor`) and its test id; `isHighlighted` frames the
 * card a link pointed at.
 */
export function SettingsCard({
  id,
  testId = id,
  icon,
  title,
  text,
  actions,
  children,
  isHighlighted = false,
  className,
}: {
  id?: string;
  testId?: string;
  icon: string;
  title: string;
  text?: string;
  actions?: ReactNode;
  children: ReactNode;
  isHighlighted?: boolean;
  /** Extra classes, e.g. the margin of cards stacked without a grid. */
  className?: string;
}) {
  const classes = ['card', isHighlighted && 'border border-primary', className].filter(Boolean);
  return (
    <section id={id} className={classes.join(' ')} data-testid={testId}>
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div className="d-flex align-items-center gap-2">
          <span className="section-icon">
            <i className={`bi ${icon}`} aria-hidden />
          </span>
          <div>
            <h5 className="card-title mb-0">{title}</h5>
            {text && <p className="text-muted small mb-0">{text}</p>}
          </div>
        </div>
        {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
