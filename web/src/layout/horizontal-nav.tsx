import { useLocation } from 'react-router';
import { MenuGroupList, type MenuLook } from './menu-group-list';
import { groupHoldsPath, useMenu } from './use-menu';

const TOP_LOOK: MenuLook = {
  groupClass: 'topnav-item',
  linkClass: 'topnav-link',
  itemClass: 'topnav-dropdown-item',
};

/**
 * The horizontal layout's menu bar: the same groups as the side menu, plus the component gallery
 * standing in for the template's demo routes. Submenus open on hover or keyboard focus.
 */
export function HorizontalNav({ isOpen, onNavigate }: { isOpen: boolean; onNavigate: () => void }) {
  const menu = useMenu('horizontal');
  const { pathname } = useLocation();
  if (!menu) return null;
  return (
    <nav className={`topnav ${isOpen ? 'is-open' : ''}`} data-testid="horizontal-nav">
      <div className="layout-container">
        <ul className="topnav-menu list-unstyled">
          <MenuGroupList
            groups={menu.groups}
            look={TOP_LOOK}
            onNavigate={onNavigate}
            renderDropdown={(group, head, items) => (
              <li className="topnav-item has-dropdown">
                <button
                  type="button"
                  className={`topnav-link ${groupHoldsPath(group, pathname) ? 'active' : ''}`}
                  aria-haspopup="true"
                >
                  {head}
                  <i className="bi bi-chevron-down topnav-caret" aria-hidden />
                </button>
                <ul className="topnav-dropdown list-unstyled shadow">{items}</ul>
              </li>
            )}
          />
        </ul>
      </div>
    </nav>
  );
}
