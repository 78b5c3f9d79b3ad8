import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { MENU_ICONS } from './menu-icons';
import { groupHoldsPath, hrefOf, useMenu } from './use-menu';

/**
 * The horizontal layout's menu bar: the same groups as the side menu, plus the component gallery
 * standing in for the template's demo routes. Submenus open on hover or keyboard focus.
 */
export function HorizontalNav({ isOpen, onNavigate }: { isOpen: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const menu = useMenu('horizontal');
  const { pathname } = useLocation();
  if (!menu) return null;
  return (
    <nav className={`topnav ${isOpen ? 'is-open' : ''}`} data-testid="horizontal-nav">
      <div className="layout-container">
        <ul className="topnav-menu list-unstyled">
          {menu.groups.map((group) => {
            const icon = <i className={`bi ${MENU_ICONS[group.id]}`} aria-hidden />;
            const label = t(`menu.groups.${group.id}`);
            if (group.kind === 'link') {
              const item = group.items[0]!;
              return (
                <li key={group.id} className="topnav-item">
                  <NavLink
                    to={hrefOf(item)}
                    end
                    className="topnav-link"
                    data-menu-item={item.label}
                    onClick={onNavigate}
                  >
                    {icon}
                    <span>{label}</span>
                  </NavLink>
                </li>
              );
            }
            const holdsActive = groupHoldsPath(group, pathname);
            return (
              <li key={group.id} className="topnav-item has-dropdown">
                <button
                  type="button"
                  className={`topnav-link ${holdsActive ? 'active' : ''}`}
                  aria-haspopup="true"
                >
                  {icon}
                  <span>{label}</span>
                  <i className="bi bi-chevron-down topnav-caret" aria-hidden />
                </button>
                <ul className="topnav-dropdown list-unstyled shadow">
                  {group.items.map((item) => (
                    <li key={item.label}>
                      <NavLink
                        to={hrefOf(item)}
                        end
                        className="topnav-dropdown-item"
                        data-menu-item={item.label}
                        onClick={onNavigate}
                      >
                        {t(`menu.items.${item.label}` as 'menu.items.dashboard')}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
