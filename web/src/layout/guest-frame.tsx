import type { ReactNode } from 'react';
import { PRODUCT_TITLE, VERSION_LABEL } from '@bo/contract';
import { BrandMark } from './brand-mark';

/** The frame of the sign-in pages: a centred card on a quiet background. */
export function GuestFrame({ children }: { children: ReactNode }) {
  return (
    <div className="guest-frame">
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
