import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { SupportContactsCard } from './support-contacts-card';
import { SupportRequestForm } from './support-request-form';
import { SupportRequestList } from './support-request-list';

/**
 * /technical-support: how to reach support, a form to ask it something (resellers and
 * merchants) and the requests with their answers; an admin sees everyone's and answers them.
 */
export default function TechnicalSupportPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  return (
    <>
      <RouteTitle />
      <div className="row g-3">
        <div className={isAdmin ? 'col-12' : 'col-12 col-xl-5'}>
          <SupportContactsCard />
        </div>
        {!isAdmin && (
          <div className="col-12 col-xl-7">
            <div className="card h-100">
              <div className="card-body">
                <h5 className="card-title mb-3">{t('technical.support.form.title')}</h5>
                <SupportRequestForm />
              </div>
            </div>
          </div>
        )}
      </div>
      <SupportRequestList isAdmin={isAdmin} />
    </>
  );
}
