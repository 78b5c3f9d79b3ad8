import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { MenuGroup } from '@bo/contract';
import { MENU_ICONS } from './menu-icons';
import { hrefOf } from './use-menu';

/** The class names one layout's menu gives its groups, links and labels. */
export interface MenuLook {
  /** The `<li>` of a group. */
  groupClass: string;
  /** A one-link group's link (and the class a dropdown's button starts from). */
  linkClass: string;
  /** The group's name beside its icon. */
  labelClass?: string;
  /** A dropdown's item links. */
  itemClass?: string;
}

/** What a layout draws around a dropdown group: its head (icon and name) and its item rows. */
export type DropdownRenderer = (group: MenuGroup, head: ReactNode, items: ReactNode) => ReactNode;

/**
 * The walk over the menu's groups that the side menu and the horizontal bar share: a one-link
 * group is a link, any other group a dropdown the layout draws around the same head and items.
 */
export function MenuGroupList({
  groups,
  look,
  onNavigate,
  renderDropdown,
}: {
  groups: readonly MenuGroup[];
  look: MenuLook;
  onNavigate: () => void;
  renderDropdown: DropdownRenderer;
}) {
  const { t } = useTranslation();
  return groups.map((group) => {
    const head = (
      <>
        <i className={`bi ${MENU_ICONS[group.id]}`} aria-hidden />
        <span className={look.labelClass}>{t(`menu.groups.${group.id}`)}</span>
      </>
    );
    if (group.kind === 'link') {
      const item = group.items[0]!;
      return (
        <li key={group.id} className={look.groupClass}>
          <MenuLink item={item} className={look.linkClass} onNavigate={onNavigate}>
            {head}
          </MenuLink>
        </li>
      );
    }
    const items = group.items.map((item) => (
      <li key={item.label}>
        <MenuLink item={item} className={look.itemClass} onNavigate={onNavigate}>
          {t(`menu.items.${item.label}` as 'menu.items.dashboard')}
        </MenuLink>
      </li>
    ));
    return <Fragment key={group.id}>{renderDropdown(group, head, items)}</Fragment>;
  });
}

/** A menu entry's link, named by its label for the browser tests (`data-menu-item`). */
function MenuLink({
  item,
  className,
  onNavigate,
  children,
}: {
  item: MenuGroup['items'][number];
  className: string | undefined;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <NavLink
      to={hrefOf(item)}
      end
      className={className}
      data-menu-item={item.label}
      onClick={onNavigate}
    >
      {children}
    </NavLink>
  );
}
