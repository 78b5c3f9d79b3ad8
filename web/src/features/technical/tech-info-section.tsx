import type { ReactNode } from 'react';

/** One titled card of the technical information page. */
export function TechInfoSection({
  title,
  intro,
  testId,
  children,
}: {
  title: string;
  intro?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="card mb-3" data-testid={testId}>
      <div className="card-body">
        <h5 className="card-title">{title}</h5>
        {intro && <p className="text-body-secondary">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** A value to copy: code, shown left to right whatever the page's direction. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <code dir="ltr" className="user-select-all">
      {children}
    </code>
  );
}
