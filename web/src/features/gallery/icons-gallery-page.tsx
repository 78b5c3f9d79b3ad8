import { useTranslation } from 'react-i18next';
import { RouteTitle } from '../../ui/page-title';

/** The icons the product uses (menu groups, actions, states). */
const ICONS = [
  'speedometer2',
  'box-arrow-in-down',
  'box-arrow-up',
  'bank',
  'wallet2',
  'cash-stack',
  'plus-circle',
  'people',
  'code-slash',
  'shield-check',
  'file-earmark-text',
  'person-badge',
  'bar-chart-line',
  'gear',
  'life-preserver',
  'grid-3x3-gap',
  'clock',
  'megaphone',
  'translate',
  'arrows-fullscreen',
  'person',
  'shield-lock',
  'box-arrow-right',
  'key',
  'hdd-network',
  'laptop',
  'qr-code',
  'telegram',
  'exclamation-triangle',
  'check-circle',
  'x-circle',
  'arrow-clockwise',
];

/** /icons: the icon set in use, with its class names. */
export default function IconsGalleryPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <div className="card">
        <div className="card-body">
          <p className="text-muted">{t('gallery.iconsText')}</p>
          <div className="row g-3">
            {ICONS.map((name) => (
              <div key={name} className="col-6 col-sm-4 col-md-3 col-xl-2">
                <div className="border rounded-3 text-center py-3 px-1 h-100">
                  <i className={`bi bi-${name} fs-3 text-primary d-block mb-2`} aria-hidden />
                  <code className="small text-muted">bi-{name}</code>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
