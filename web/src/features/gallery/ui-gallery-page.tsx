import { useTranslation } from 'react-i18next';
import { RouteTitle } from '../../ui/page-title';
import { showErrorPopup } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { Spinner } from '../../ui/spinner';

const VARIANTS = [
  'primary',
  'secondary',
  'success',
  'danger',
  'warning',
  'info',
  'light',
  'dark',
] as const;
const STATUSES = [
  ['pending', 'bg-warning-subtle text-warning'],
  ['processing', 'bg-info-subtle text-info'],
  ['completed', 'bg-success-subtle text-success'],
  ['failed', 'bg-danger-subtle text-danger'],
] as const;

/** /ui: the product's buttons, badges, alerts, cards, tables, spinners and popups. */
export default function UiGalleryPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('gallery.intro')}</p>
      <div className="row">
        <div className="col-xl-6">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title">{t('gallery.buttons')}</h5>
              <div className="d-flex flex-wrap gap-2 mt-3">
                {VARIANTS.map((v) => (
                  <button key={v} type="button" className={`btn btn-${v}`}>
                    {t(`gallery.${v}`)}
                  </button>
                ))}
              </div>
              <div className="d-flex flex-wrap gap-2 mt-3">
                {VARIANTS.slice(0, 6).map((v) => (
                  <button key={v} type="button" className={`btn btn-outline-${v}`}>
                    {t(`gallery.${v}`)}
                  </button>
                ))}
              </div>
            </div>
          </div>
          <div className="card">
            <div className="card-body">
              <h5 className="card-title">{t('gallery.badges')}</h5>
              <div className="d-flex flex-wrap gap-2 mt-3">
                {STATUSES.map(([key, classes]) => (
                  <span key={key} className={`badge rounded-pill px-3 py-2 ${classes}`}>
                    {t(`gallery.${key}`)}
                  </span>
                ))}
              </div>
            </div>
          </div>
          <div className="card">
            <div className="card-body">
              <h5 className="card-title">{t('gallery.popups')}</h5>
              <div className="d-flex flex-wrap gap-2 mt-3">
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  onClick={() => void showErrorPopup(`${t('gallery.exampleError')}.`)}
                >
                  {t('gallery.showError')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-success"
                  onClick={() => announceSuccess(t('common.saved'))}
                >
                  {t('gallery.showSuccess')}
                </button>
              </div>
            </div>
          </div>
          <div className="card">
            <div className="card-body">
              <h5 className="card-title">{t('gallery.spinners')}</h5>
              <div className="d-flex gap-3 mt-3 align-items-center">
                <Spinner />
                <Spinner size="sm" />
                <button type="button" className="btn btn-primary" disabled>
                  <Spinner size="sm" onDark /> <span className="ms-1">{t('common.saving')}</span>
                </button>
              </div>
            </div>
          </div>
        </div>
        <div className="col-xl-6">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title">{t('gallery.alerts')}</h5>
              {(['success', 'warning', 'danger', 'info'] as const).map((v) => (
                <div key={v} className={`alert alert-${v} mt-3 mb-0`}>
                  {t(`gallery.${v}`)} — {t('gallery.cardText')}
                </div>
              ))}
            </div>
          </div>
          <div className="card">
            <div className="card-body">
              <h5 className="card-title">{t('gallery.tables')}</h5>
              <table className="table table-hover mt-3 mb-0">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t('gallery.column')}</th>
                    <th>{t('gallery.value')}</th>
                  </tr>
                </thead>
                <tbody>
                  {STATUSES.map(([key, classes], index) => (
                    <tr key={key}>
                      <td>{index + 1}</td>
                      <td>{t('gallery.exampleRow', { n: index + 1 })}</td>
                      <td>
                        <span className={`badge ${classes}`}>{t(`gallery.${key}`)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div className="card">
            <div className="card-header">
              <h5 className="card-title mb-0">{t('gallery.cardTitle')}</h5>
            </div>
            <div className="card-body text-muted">{t('gallery.cardText')}</div>
          </div>
        </div>
      </div>
    </>
  );
}
