import { useEffect } from 'react';
import { PRODUCT_TITLE } from '@bo/contract';

/** The icon, title and line of text at the top of each sign-in card. */
export function AuthHeading({ icon, title, text }: { icon: string; title: string; text: string }) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_TITLE}`;
  }, [title]);
  return (
    <div className="mb-4">
      <div className="guest-icon">
        <i className={`bi ${icon}`} aria-hidden />
      </div>
      <h4 className="mb-1" data-testid="page-title">
        {title}
      </h4>
      <p className="text-muted mb-0">{text}</p>
    </div>
  );
}

/** An error shown in place, under the heading. */
export function InlineError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      className="alert alert-danger d-flex gap-2 align-items-start py-2"
      role="alert"
      data-testid="inline-error"
    >
      <i className="bi bi-exclamation-triangle-fill mt-1" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
