import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../lib/session';
import { initialsOf } from '../ui/initials';
import { useDropdown } from '../ui/use-dropdown';

/** The top bar's profile menu: Profile, Security and Logout (spec section 1). */
export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { isOpen, toggle, setOpen, ref } = useDropdown();
  if (!user) return null;
  const close = () => setOpen(false);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="btn topbar-btn topbar-user gap-2"
        onClick={toggle}
        aria-expanded={isOpen}
        data-testid="profile-menu"
      >
        <span className="avatar-initials" aria-hidden>
          {initialsOf(user.name || user.username)}
        </span>
        <span className="topbar-user-text text-start lh-sm">
          <span className="d-block fw-semibold">{user.name || user.username}</span>
          <span className="d-block small">
            {t(`menu.sections.${user.account_type}`)}
            {user.is_sub_account === 1 && ` · ${t('topbar.subAccount')}`}
          </span>
        </span>
        <i className="bi bi-chevron-down small d-none d-xl-inline" aria-hidden />
      </button>
      <ul className={`dropdown-menu dropdown-menu-end shadow ${isOpen ? 'show' : ''}`}>
        <li>
          <Link className="dropdown-item" to="/profile" onClick={close}>
            <i className="bi bi-person me-2" aria-hidden />
            {t('topbar.profile')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to="/security" onClick={close}>
            <i className="bi bi-shield-lock me-2" aria-hidden />
            {t('topbar.security')}
          </Link>
        </li>
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <Link className="dropdown-item text-danger" to="/logout" onClick={close}>
            <i className="bi bi-box-arrow-right me-2" aria-hidden />
            {t('topbar.logout')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
