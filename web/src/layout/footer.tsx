import { PRODUCT_TITLE, VERSION_LABEL } from '@bo/contract';

/** The footer (spec section 1): the year, the product title and the version label. */
export function Footer() {
  return (
    <footer className="footer" data-testid="footer">
      <div className="layout-container d-flex flex-wrap justify-content-between gap-2">
        <span>
          {new Date().getUTCFullYear()} © {PRODUCT_TITLE}
        </span>
        <span data-testid="version-label">{VERSION_LABEL}</span>
      </div>
    </footer>
  );
}
