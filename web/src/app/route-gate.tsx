import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, matchRoute, RULES } from '@bo/contract';
import { GuestFrame } from '../layout/guest-frame';
import { CurrentRouteContext } from '../lib/current-route';
import { rememberIntendedPath } from '../lib/intended-path';
import { LazyAppFrame } from './lazy-app-frame';
import { ScreenSlot } from './screen-slot';
import { SCREENS } from './screens';
import { useSessionUser, viewerOf } from '../lib/session';

/**
 * Sends a signed-out visitor to /login, remembering the path (and query) they asked for. An
 * action (/logout above all: it signs out, then this gate sees it signed out) is never
 * remembered, or the next sign-in would run it again.
 */
function RedirectToSignIn({ from, remember }: { from: string; remember: boolean }) {
  useEffect(() => {
    if (remember) rememberIntendedPath(from);
  }, [from, remember]);
  return <Navigate to="/login" replace />;
}

/**
 * The route guard of spec section 2, driven by the contract's route table: unknown path to /404,
 * sign-in needed to /login, guest-only while signed in to /, failed access check to /.
 */
export function RouteGate() {
  const location = useLocation();
  const user = useSessionUser();
  const match = matchRoute(location.pathname);
  if (!match) return <Navigate to="/404" replace />;

  const decision = decideAccess(RULES[match.route.rule], viewerOf(user));
  if (decision === 'sign-in-required') {
    return (
      <RedirectToSignIn
        from={`${location.pathname}${location.search}`}
        remember={match.route.kind !== 'action'}
      />
    );
  }
  if (decision === 'guests-only' || decision === 'denied') return <Navigate to="/" replace />;

  const routeId = match.route.id as keyof typeof SCREENS;
  const { frame } = SCREENS[routeId];
  const screen = <ScreenSlot routeId={routeId} />;
  let framed: ReactNode = screen;
  if (frame === 'app') framed = <LazyAppFrame routeId={routeId}>{screen}</LazyAppFrame>;
  if (frame === 'guest') framed = <GuestFrame>{screen}</GuestFrame>;
  if (frame === 'bare')
    framed = (
      <LazyAppFrame routeId={routeId} bare>
        {screen}
      </LazyAppFrame>
    );
  return (
    <CurrentRouteContext.Provider value={{ routeId, params: match.params }}>
      {framed}
    </CurrentRouteContext.Provider>
  );
}
