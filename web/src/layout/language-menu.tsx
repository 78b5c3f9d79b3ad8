import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@bo/contract';
import { chooseLanguage } from '../lib/language-choice';
import { currentLanguage } from '../i18n';
import { useDropdown } from '../ui/use-dropdown';

/** The top bar's language menu, in both layouts: en, fr, es, zh, ar (spec section 1). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { isOpen, toggle, setOpen, ref } = useDropdown();
  const active = currentLanguage();
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="btn topbar-btn gap-1"
        onClick={toggle}
        aria-expanded={isOpen}
        data-testid="language-menu"
      >
        <i className="bi bi-translate" aria-hidden />
        {/* Named "Language en": the visible code is part of the name (WCAG 2.5.3). */}
        <span className="visually-hidden">{t('topbar.language')} </span>
        <span className="d-none d-sm-inline text-uppercase small fw-semibold">{active}</span>
      </button>
      <ul className={`dropdown-menu dropdown-menu-end shadow ${isOpen ? 'show' : ''}`}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              className={`dropdown-item ${lang === active ? 'active' : ''}`}
              lang={lang}
              data-lang={lang}
              onClick={() => {
                setOpen(false);
                void chooseLanguage(lang).catch(() => undefined);
              }}
            >
              {t(`languages.${lang}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
