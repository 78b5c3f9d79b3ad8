import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildHorizontalMenu, PRODUCT_TITLE, type RouteId } from '@bo/contract';
import { useCurrentRoute } from '../lib/current-route';
import { useSessionUser, viewerOf } from '../lib/session';
import { RELATED_SCREENS, RelatedScreens } from './related-screens';

/** A page's title with its breadcrumb (Home / group / page); also sets the tab title. */
export function PageTitle({ title, trail = [] }: { title: string; trail?: readonly string[] }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_TITLE}`;
  }, [title]);
  return (
    <div className="page-title-box">
      <h4 data-testid="page-title">{title}</h4>
      <nav aria-label="breadcrumb">
        <ol className="breadcrumb" data-testid="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/">{t('common.home')}</Link>
          </li>
          {trail.map((crumb) => (
            <li key={crumb} className="breadcrumb-item">
              {crumb}
            </li>
          ))}
          <li className="breadcrumb-item active" aria-current="page">
            {title}
          </li>
        </ol>
      </nav>
    </div>
  );
}

/** The menu group a route sits under for this user, for the breadcrumb. */
function useMenuGroupOf(routeId: RouteId) {
  const user = useSessionUser();
  return useMemo(() => {
    const viewer = viewerOf(user);
    if (!viewer) return null;
    const group = buildHorizontalMenu(viewer).groups.find(
      (g) => g.kind === 'submenu' && g.items.some((i) => i.routeId === routeId),
    );
    return group?.id ?? null;
  }, [user, routeId]);
}

/**
 * The current route's title and breadcrumb, from the route table and the menu, and the links
 * to the screens that belong beside it (`RELATED_SCREENS`).
 */
export function RouteTitle() {
  const { t } = useTranslation();
  const { routeId } = useCurrentRoute();
  const group = useMenuGroupOf(routeId);
  const related = RELATED_SCREENS[routeId];
  return (
    <>
      <PageTitle title={t(`routes.${routeId}`)} trail={group ? [t(`menu.groups.${group}`)] : []} />
      {related && <RelatedScreens screens={related} />}
    </>
  );
}
