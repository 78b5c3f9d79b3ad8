import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { telegramLinkOf, useExternalLinks } from '../../lib/links';
import { useCurrentRoute } from '../../lib/current-route';
import { useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { ActionScreen } from './action-screen';

/**
 * /support-on-telegram, /marketing-materials and /skype open a link in a new tab, then return to
 * where the user was (or /). When the browser blocks the new tab, the link is offered instead.
 * Marketing materials and Skype come from the server's settings (getAppSettings).
 */
export default function ExternalLinkAction() {
  const { t } = useTranslation();
  const { routeId } = useCurrentRoute();
  const user = useSessionUser();
  const links = useExternalLinks();
  const navigate = useNavigate();
  const location = useLocation();
  const [isBlocked, setBlocked] = useState(false);
  // Open once, even when React runs the effect twice (strict mode in development).
  const openedTab = useRef<Window | null | undefined>(undefined);
  const cameFromApp = location.key !== 'default';
  const target =
    routeId === 'supportOnTelegram'
      ? telegramLinkOf(user?.telegram_id)
      : routeId === 'marketingMaterials'
        ? links.marketingMaterials
        : links.skype;
  // Wait for the server's settings (or their failure) before opening a link by ourselves.
  const isReady = routeId === 'supportOnTelegram' || links.hasSettled;

  useEffect(() => {
    if (!target || !isReady) return;
    openedTab.current ??= window.open(target, '_blank');
    const opened = openedTab.current;
    if (!opened) {
      // The browser blocked the new tab (no user gesture, e.g. the path was typed in).
      const timer = setTimeout(() => setBlocked(true), 0);
      return () => clearTimeout(timer);
    }
    // Cut the new tab's handle on us (what rel=noopener does for links).
    opened.opener = null;
    const timer = setTimeout(
      () => (cameFromApp ? navigate(-1) : navigate('/', { replace: true })),
      0,
    );
    return () => clearTimeout(timer);
  }, [target, isReady, navigate, cameFromApp]);

  // /support-on-telegram lives in the app's frame (screens.ts): the user stays in the app.
  const Frame = routeId === 'supportOnTelegram' ? InAppFrame : ActionScreen;
  if (!target) {
    return (
      <Frame>
        <div data-testid="no-telegram-contact">
          <i className="bi bi-telegram display-5 text-primary d-block mb-3" aria-hidden />
          <p className="mb-4">{t('page.noTelegram')}</p>
          <Link className="btn btn-primary" to="/profile">
            {t('page.setTelegram')}
          </Link>
        </div>
      </Frame>
    );
  }
  if (!isBlocked)
    return (
      <Frame>
        <Spinner />
        <p className="text-muted mt-3 mb-0">
          {t('page.opening', { target: t(`routes.${routeId}`) })}
        </p>
      </Frame>
    );
  return (
    <Frame>
      <p className="mb-2">{t('page.openManually')}</p>
      <a href={target} target="_blank" rel="noopener noreferrer" className="btn btn-primary mb-3">
        {t(`routes.${routeId}`)} <i className="bi bi-box-arrow-up-right ms-1" aria-hidden />
      </a>
      <div>
        <Link to="/">{t('common.goHome')}</Link>
      </div>
    </Frame>
  );
}

/** The action's content inside the signed-in frame: the route's title and a card. */
function InAppFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <RouteTitle />
      <div className="card">
        <div className="card-body text-center py-5">{children}</div>
      </div>
    </>
  );
}
