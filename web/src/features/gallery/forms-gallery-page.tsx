import { useTranslation } from 'react-i18next';
import { TIMEZONE_CHOICES } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { RouteTitle } from '../../ui/page-title';
import { SelectField } from '../../ui/select-field';

/** /form: the product's inputs, selects, switches and in-place validation. */
export default function FormsGalleryPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('gallery.intro')}</p>
      <div className="row">
        <div className="col-lg-6">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title mb-3">{t('gallery.inputs')}</h5>
              <FormField
                label={t('auth.email')}
                type="email"
                placeholder={t('auth.emailPlaceholder')}
              />
              <FormField
                label={t('auth.password')}
                type="password"
                placeholder={t('auth.passwordPlaceholder')}
              />
              <FormField label={t('profile.telegram')} hint={t('profile.telegramHint')} />
            </div>
          </div>
        </div>
        <div className="col-lg-6">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title mb-3">{t('gallery.selects')}</h5>
              <SelectField
                id="gallery-timezone"
                label={t('profile.timezone')}
                defaultValue="Default"
              >
                {TIMEZONE_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`profile.timezones.${choice}`)}
                  </option>
                ))}
              </SelectField>
              <div className="form-check form-switch mb-2">
                <input
                  id="gallery-switch"
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  defaultChecked
                />
                <label className="form-check-label" htmlFor="gallery-switch">
                  {t('gallery.switchLabel')}
                </label>
              </div>
              <div className="form-check">
                <input id="gallery-check" className="form-check-input" type="checkbox" />
                <label className="form-check-label" htmlFor="gallery-check">
                  {t('auth.showPassword')}
                </label>
              </div>
            </div>
          </div>
          <div className="card">
            <div className="card-body">
              <h5 className="card-title mb-3">{t('gallery.validation')}</h5>
              <FormField
                label={t('auth.email')}
                defaultValue="name@"
                error={t('gallery.invalidExample')}
              />
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
