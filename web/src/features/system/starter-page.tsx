import { useTranslation } from 'react-i18next';
import { RouteTitle } from '../../ui/page-title';

/** The template's blank starter page. */
export default function StarterPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <div className="card">
        <div className="card-body text-muted py-5 text-center">{t('page.starterText')}</div>
      </div>
    </>
  );
}
