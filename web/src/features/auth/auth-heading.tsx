import { useEffect } from 'react';
import { PRODUCT_TITLE } from '@bo/contract';
import exclamationTriangleFill from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import { SvgIcon } from '../../ui/svg-icon';

/**
 * The icon, title and line of text at the top of each sign-in card. `icon` is a Bootstrap Icons
 * SVG file as raw text (ui/svg-icon.tsx: the sign-in pages load no icon font).
 */
export function AuthHeading({ icon, title, text }: { icon: string; title: string; text: string }) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_TITLE}`;
  }, [title]);
  return (
    <div className="mb-4">
      <div className="guest-icon">
        <SvgIcon svg={icon} />
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
      <SvgIcon svg={exclamationTriangleFill} className="mt-1" />
      <span>{message}</span>
    </div>
  );
}
