import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '@bo/contract';

/** The way back from a report the profit report leads to (its details, its figures per gateway). */
export function BackToProfitReport() {
  const { t } = useTranslation();
  return (
    <Link to={pathOf('profitReport')} className="small d-inline-block mb-2 report-no-print">
      <i className="bi bi-arrow-left me-1" aria-hidden />
      {t('reportProfit.back')}
    </Link>
  );
}
