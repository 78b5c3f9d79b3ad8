import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SIDEBAR_SCROLL_THRESHOLD_PX, type MenuGroupId } from '@bo/contract';
import { MenuGroupList, type MenuLook } from './menu-group-list';
import { groupHoldsPath, useMenu } from './use-menu';

/** How far from the top the active item lands after the sidebar scrolls to it. */
const SCROLL_LANDING_PX = 300;

const SIDE_LOOK: MenuLook = {
  groupClass: 'side-nav-group',
  linkClass: 'side-nav-link',
  labelClass: 'side-nav-label',
};

/**
 * The vertical layout's side menu (spec "Side menu by role"). The group holding the current page
 * opens by itself; the list scrolls to the active item when it sits more than 500 px down.
 */
export function Sidebar({ isOpen, onNavigate }: { isOpen: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const menu = useMenu('vertical');
  const { pathname } = useLocation();
  const scrollerRef = useRef<HTMLDivElement>(null);
  // The user's own open/close choice holds until the page changes; then the active group opens.
  const [choice, setChoice] = useState<{ path: string; group: MenuGroupId | null } | null>(null);
  const activeGroup = menu?.groups.find((g) => groupHoldsPath(g, pathname))?.id ?? null;
  const expanded = choice?.path === pathname ? choice.group : activeGroup;

  useEffect(() => {
    const scroller = scrollerRef.current;
    const active = scroller?.querySelector<HTMLElement>('a.active');
    if (!scroller || !active) return;
    const top = active.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    const position = top + scroller.scrollTop;
    if (position > SIDEBAR_SCROLL_THRESHOLD_PX) scroller.scrollTop = position - SCROLL_LANDING_PX;
  }, [pathname]);

  if (!menu) return null;
  return (
    <aside className={`vertical-menu ${isOpen ? 'is-open' : ''}`} data-testid="sidebar">
      <div className="sidebar-scroll" ref={scrollerRef} data-testid="sidebar-scroll">
        <ul className="side-nav list-unstyled">
          <li className="menu-title" data-testid="menu-section-title">
            {t(`menu.sections.${menu.title}`)}
          </li>
          <MenuGroupList
            groups={menu.groups}
            look={SIDE_LOOK}
            onNavigate={onNavigate}
            renderDropdown={(group, head, items) => {
              const isExpanded = expanded === group.id;
              return (
                <li
                  className={`side-nav-group ${isExpanded ? 'is-expanded' : ''} ${
                    activeGroup === group.id ? 'holds-active' : ''
                  }`}
                >
                  <button
                    type="button"
                    className="side-nav-link has-arrow"
                    aria-expanded={isExpanded}
                    onClick={() =>
                      setChoice({ path: pathname, group: isExpanded ? null : group.id })
                    }
                  >
                    {head}
                  </button>
                  <ul className="sub-menu list-unstyled">
                    <li className="sub-menu-title">{t(`menu.groups.${group.id}`)}</li>
                    {items}
                  </ul>
                </li>
              );
            }}
          />
        </ul>
      </div>
    </aside>
  );
}
