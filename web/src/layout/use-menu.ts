import { useMemo } from 'react';
import { buildHorizontalMenu, buildSideMenu, pathOf, type MenuGroup } from '@bo/contract';
import { useSessionUser, viewerOf } from '../lib/session';

/** The signed-in user's menu for the given layout, or null when signed out. */
export function useMenu(layout: 'vertical' | 'horizontal') {
  const user = useSessionUser();
  return useMemo(() => {
    const viewer = viewerOf(user);
    if (!viewer) return null;
    return layout === 'vertical' ? buildSideMenu(viewer) : buildHorizontalMenu(viewer);
  }, [user, layout]);
}

/** The path a menu link leads to. */
export const hrefOf = (item: MenuGroup['items'][number]) => pathOf(item.routeId, item.params ?? {});

/** Whether a group holds the link of the current path (to open it and mark it active). */
export function groupHoldsPath(group: MenuGroup, pathname: string): boolean {
  return group.items.some((item) => hrefOf(item) === pathname);
}
