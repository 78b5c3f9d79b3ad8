import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_TITLE } from '@bo/contract';
import { useExternalLinks } from '../lib/links';
import { FullscreenToggle } from './fullscreen-toggle';
import { LanguageMenu } from './language-menu';
import { ProfileMenu } from './profile-menu';
import { UtcClock } from './utc-clock';
import { BrandMark } from './brand-mark';
import { GlobalSearch } from './search/global-search';

interface Props {
  /** Whether the phone-width menu (behind the menu button) is open. */
  readonly isMenuOpen: boolean;
  readonly onToggleMenu: () => void;
  readonly onOpenSettings: () => void;
}

/**
 * The top bar (spec section 1): live UTC clock, global search (`/`), announcement link, language menu (both
 * layouts: the five languages one click away), full-screen toggle, layout settings and the profile menu.
 */
export function TopBar({ isMenuOpen, onToggleMenu, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const links = useExternalLinks();
  return (
    <header id="page-topbar" data-testid="topbar">
      <div className="navbar-header layout-container">
        <div className="d-flex align-items-center">
          <div className="navbar-brand-box">
            {/* Named when the words are hidden (a narrow screen, the compact and icon sidebars). */}
            <Link to="/" className="brand-link" aria-label={PRODUCT_TITLE}>
              <BrandMark />
              <span className="brand-text">{PRODUCT_TITLE}</span>
            </Link>
          </div>
          <button
            type="button"
            className="btn topbar-btn menu-toggle d-lg-none"
            onClick={onToggleMenu}
            aria-label={t('topbar.openMenu')}
            aria-expanded={isMenuOpen}
            data-testid="menu-toggle"
          >
            <i className="bi bi-list fs-4" aria-hidden />
          </button>
          <UtcClock />
          <GlobalSearch />
        </div>
        <div className="d-flex align-items-center gap-1">
          <a
            className="btn topbar-btn"
            href={links.announcementChannel}
            target="_blank"
            rel="noopener noreferrer"
            title={t('topbar.announcements')}
            aria-label={t('topbar.announcements')}
            data-testid="announcement-link"
          >
            <i className="bi bi-megaphone" aria-hidden />
          </a>
          <LanguageMenu />
          <FullscreenToggle />
          <button
            type="button"
            className="btn topbar-btn"
            onClick={onOpenSettings}
            title={t('topbar.layoutSettings')}
            aria-label={t('topbar.layoutSettings')}
            data-testid="settings-toggle"
          >
            <i className="bi bi-gear" aria-hidden />
          </button>
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}
