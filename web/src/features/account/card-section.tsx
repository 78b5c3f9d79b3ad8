import type { ReactNode } from 'react';

/** A titled card section of the account pages. */
export function CardSection({
  id,
  icon,
  title,
  text,
  actions,
  children,
  isHighlighted = false,
}: {
  id?: string;
  icon: string;
  title: string;
  text?: string;
  actions?: ReactNode;
  children: ReactNode;
  isHighlighted?: boolean;
}) {
  return (
    <section
      id={id}
      className={`card ${isHighlighted ? 'border border-primary' : ''}`}
      data-testid={id}
    >
      <div className="card-header d-flex align-items-center justify-content-between gap-2">
        <div className="d-flex align-items-center gap-2">
          <span className="section-icon">
            <i className={`bi ${icon}`} aria-hidden />
          </span>
          <div>
            <h5 className="card-title mb-0">{title}</h5>
            {text && <p className="text-muted small mb-0">{text}</p>}
          </div>
        </div>
        {actions}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
