import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_TITLE, VERSION_LABEL } from '@bo/contract';
import { BrandMark } from './brand-mark';

/**
 * The frame of the sign-in pages: a centred card on a quiet background. `data-guest-page` names
 * the page it shows, so that a script (the browser tests) tells this page's frame from the one
 * still on show while the next page loads.
 */
export function GuestFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="guest-frame" data-guest-page={pathname}>
      <div className="guest-card card border-0 shadow-sm">
        <div className="guest-card-header">
          <div className="d-flex align-items-center gap-2">
            <BrandMark />
            <span className="fw-semibold">{PRODUCT_TITLE}</span>
          </div>
        </div>
        <div className="card-body p-4">{children}</div>
      </div>
      <p className="text-muted small mt-4 mb-0">
        {new Date().getUTCFullYear()} © {PRODUCT_TITLE} · {VERSION_LABEL}
      </p>
    </div>
  );
}
