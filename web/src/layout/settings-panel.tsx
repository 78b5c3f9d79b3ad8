import { useTranslation } from 'react-i18next';
import { LAYOUT_SETTINGS, type LayoutSettings } from '@bo/contract';
import { useSessionUser } from '../lib/session';
import { changeLayoutSettings, useLayoutSettings } from '../lib/layout-settings';

type SettingKey = keyof LayoutSettings;

const HEADINGS: Record<
  SettingKey,
  'settings.layout' | 'settings.width' | 'settings.sidebar' | 'settings.topbar'
> = {
  layout: 'settings.layout',
  width: 'settings.width',
  sidebar: 'settings.sidebar',
  topbar: 'settings.topbar',
};

/** The layout settings panel of spec section 1, sliding in from the end of the page. */
export function SettingsPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const settings = useLayoutSettings();
  if (!user) return null;
  const change = (key: SettingKey, value: string) =>
    void changeLayoutSettings(user.username, { [key]: value }).catch(() => undefined);

  return (
    <>
      <div
        className={`settings-panel ${isOpen ? 'is-open' : ''}`}
        role="dialog"
        aria-modal="false"
        aria-label={t('settings.title')}
        inert={!isOpen}
        data-testid="settings-panel"
      >
        <div className="settings-panel-header">
          <h5 className="mb-0">{t('settings.title')}</h5>
          <button
            type="button"
            className="btn-close"
            onClick={onClose}
            aria-label={t('common.close')}
          />
        </div>
        <div className="settings-panel-body">
          {(Object.keys(LAYOUT_SETTINGS) as SettingKey[]).map((key) => {
            const isInactive = key === 'sidebar' && settings.layout === 'horizontal';
            return (
              <fieldset key={key} className="mb-4" disabled={isInactive || !isOpen}>
                <legend className="settings-legend">{t(HEADINGS[key])}</legend>
                <div className="settings-options">
                  {LAYOUT_SETTINGS[key].map((value) => (
                    <label key={value} className="settings-option">
                      <input
                        type="radio"
                        className="form-check-input"
                        name={`layout-${key}`}
                        value={value}
                        checked={settings[key] === value}
                        onChange={() => change(key, value)}
                        data-testid={`setting-${key}-${value}`}
                      />
                      <span>{t(`settings.${value}`)}</span>
                    </label>
                  ))}
                </div>
                {isInactive && (
                  <p className="small text-muted mt-2 mb-0">{t('settings.sidebarOnlyVertical')}</p>
                )}
              </fieldset>
            );
          })}
          <p className="small text-muted border-top pt-3 mb-0">
            <i className="bi bi-cloud-check me-1" aria-hidden />
            {t('settings.rememberedNote')}
          </p>
        </div>
      </div>
      {isOpen && <div className="panel-backdrop" onClick={onClose} aria-hidden />}
    </>
  );
}
