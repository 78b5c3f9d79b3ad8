import { useTranslation } from 'react-i18next';
import './report.css';

/** Prints the page: the report CSS hides the menus, top bar, filter bar and pager. */
export function PrintButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary report-no-print"
      onClick={() => window.print()}
      data-testid="report-print"
    >
      <i className="bi bi-printer me-1" aria-hidden />
      {label ?? t('reportProfit.kit.print')}
    </button>
  );
}
